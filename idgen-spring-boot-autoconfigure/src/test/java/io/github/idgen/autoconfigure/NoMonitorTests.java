package io.github.idgen.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import org.springframework.asm.ClassReader;
import org.springframework.asm.ClassVisitor;
import org.springframework.asm.MethodVisitor;
import org.springframework.asm.Opcodes;
import org.springframework.asm.SpringAsmInfo;

import io.github.idgen.IdGenerator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No class of idgen-core or of this module takes a monitor: no {@code synchronized}
 * method and no {@code synchronized} block, found in the bytecode. On JDK 21 to 23 a
 * virtual thread that blocks while it holds a monitor, or waits to enter one, pins its
 * carrier thread, and idgen's locks are reached by callers (a caller that waits for a
 * segment) and by background tasks that may run on virtual threads and block on a store
 * (a fetch, a lease renewal, a state file write). So idgen uses
 * {@link java.util.concurrent.locks.ReentrantLock} or atomics, cheap non-blocking
 * sections included, which keeps the rule simple enough to check here.
 */
class NoMonitorTests {

	@Test
	void noClassOfIdgenTakesAMonitor() throws Exception {
		Scan core = scan(IdGenerator.class);
		Scan autoconfigure = scan(IdGeneratorAutoConfiguration.class);
		assertThat(core.classes).as("classes of idgen-core scanned").isGreaterThan(100);
		assertThat(autoconfigure.classes).as("classes of the auto-configuration scanned").isGreaterThan(50);
		List<String> monitors = new ArrayList<>(core.monitors);
		monitors.addAll(autoconfigure.monitors);
		assertThat(monitors).as("monitors in idgen-core and the auto-configuration").isEmpty();
	}

	@Test
	void theScanFindsSynchronizedMethodsAndBlocks() throws IOException {
		List<String> monitors = new ArrayList<>();
		try (InputStream in = Monitors.class.getResourceAsStream("NoMonitorTests$Monitors.class")) {
			new ClassReader(in).accept(new MonitorFinder(monitors), ClassReader.SKIP_DEBUG);
		}
		assertThat(monitors).containsExactlyInAnyOrder(
				"io.github.idgen.autoconfigure.NoMonitorTests$Monitors.method(): synchronized method",
				"io.github.idgen.autoconfigure.NoMonitorTests$Monitors.block(): synchronized block");
	}

	private static Scan scan(Class<?> anchor) throws IOException, URISyntaxException {
		Path location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
		if (Files.isDirectory(location)) {
			return scanTree(location);
		}
		try (FileSystem jar = FileSystems.newFileSystem(location)) {
			return scanTree(jar.getPath("/"));
		}
	}

	private static Scan scanTree(Path root) throws IOException {
		Scan scan = new Scan();
		List<Path> classFiles;
		try (Stream<Path> files = Files.walk(root)) {
			classFiles = files.filter((file) -> file.toString().endsWith(".class"))
				.filter((file) -> !file.toString().contains("META-INF"))
				.toList();
		}
		for (Path classFile : classFiles) {
			try (InputStream in = Files.newInputStream(classFile)) {
				new ClassReader(in).accept(new MonitorFinder(scan.monitors), ClassReader.SKIP_DEBUG);
			}
			scan.classes++;
		}
		return scan;
	}

	private static final class Scan {

		private final List<String> monitors = new ArrayList<>();

		private int classes;

	}

	/**
	 * Records every synchronized method and every method with a {@code monitorenter}.
	 */
	private static final class MonitorFinder extends ClassVisitor {

		private final List<String> monitors;

		private String className;

		MonitorFinder(List<String> monitors) {
			super(SpringAsmInfo.ASM_VERSION);
			this.monitors = monitors;
		}

		@Override
		public void visit(int version, int access, String name, String signature, String superName,
				String[] interfaces) {
			this.className = name.replace('/', '.');
		}

		@Override
		public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
				String[] exceptions) {
			String method = this.className + "." + name + "()";
			if ((access & Opcodes.ACC_SYNCHRONIZED) != 0) {
				this.monitors.add(method + ": synchronized method");
			}
			return new MethodVisitor(SpringAsmInfo.ASM_VERSION) {

				private boolean reported;

				@Override
				public void visitInsn(int opcode) {
					if (opcode == Opcodes.MONITORENTER && !this.reported) {
						this.reported = true;
						MonitorFinder.this.monitors.add(method + ": synchronized block");
					}
				}

			};
		}

	}

	/**
	 * What the scan must find.
	 */
	static final class Monitors {

		private int count;

		synchronized void method() {
			this.count++;
		}

		void block() {
			synchronized (this) {
				this.count++;
			}
		}

	}

}
