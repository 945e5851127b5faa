package io.github.idgen.faults.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A {@link GeneratorProcess} in a child JVM with a small heap and the C1 compiler only,
 * on the test class path ({@link ChildClasspath}), or another program on that class path,
 * such as an ID server. Its output goes to a log file, which failure messages quote.
 * {@link #close()} kills it if it still runs, so a scenario that closes its children in a
 * {@code finally} block leaves no JVM behind.
 */
final class ChildJvm implements AutoCloseable {

	private static final List<String> JVM_OPTIONS = List.of("-Xmx64m", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
			"-XX:+UseSerialGC");

	private final String name;

	private final Process process;

	private final Path log;

	private final CountDownLatch ready = new CountDownLatch(1);

	private ChildJvm(String name, Process process, Path log) {
		this.name = name;
		this.process = process;
		this.log = log;
	}

	/**
	 * Start a generator.
	 * @param name the child's name, used for its log file
	 * @param options the generator's options
	 * @param environment variables to add to the child's environment
	 * @param logDirectory where to write the log file {@code <name>.log}
	 * @return the started child
	 */
	static ChildJvm start(String name, ChildOptions options, Map<String, String> environment, Path logDirectory) {
		return start(name, GeneratorProcess.class.getName(), options.toArgs(), JVM_OPTIONS, environment, logDirectory);
	}

	/**
	 * Start the main class of another program on the same class path, such as an ID
	 * server.
	 * @param name the child's name, used for its log file
	 * @param mainClass the class whose {@code main} to run
	 * @param arguments its arguments
	 * @param jvmOptions the options of the child JVM
	 * @param environment variables to add to the child's environment
	 * @param logDirectory where to write the log file {@code <name>.log}
	 * @return the started child, which is ready once it prints {@code READY}
	 */
	static ChildJvm start(String name, String mainClass, List<String> arguments, List<String> jvmOptions,
			Map<String, String> environment, Path logDirectory) {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(jvmOptions);
		command.add("-cp");
		command.add(ChildClasspath.get());
		command.add(mainClass);
		command.addAll(arguments);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		builder.environment().putAll(environment);
		try {
			Path log = logDirectory.resolve(name + ".log");
			ChildJvm child = new ChildJvm(name, builder.start(), log);
			child.copyOutput();
			return child;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start " + name, ex);
		}
	}

	private void copyOutput() {
		Thread copier = new Thread(() -> {
			try (BufferedReader output = new BufferedReader(
					new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
				String line;
				while ((line = output.readLine()) != null) {
					Files.writeString(this.log, line + System.lineSeparator(), StandardCharsets.UTF_8,
							StandardOpenOption.CREATE, StandardOpenOption.APPEND);
					if (line.equals("READY")) {
						this.ready.countDown();
					}
				}
			}
			catch (IOException ex) {
				// the child is gone: its log ends here
			}
		}, "output-of-" + this.name);
		copier.setDaemon(true);
		copier.start();
	}

	String name() {
		return this.name;
	}

	long pid() {
		return this.process.pid();
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	/**
	 * Return whether the child has printed {@code READY}.
	 * @return whether it generates
	 */
	boolean isReady() {
		return this.ready.getCount() == 0;
	}

	/**
	 * Wait until the child prints {@code READY}.
	 * @param timeout how long to wait
	 * @throws IllegalStateException if it exits or does not get ready in time, with its
	 * log
	 * @throws InterruptedException if interrupted
	 */
	void awaitReady(Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!this.ready.await(50, TimeUnit.MILLISECONDS)) {
			if (!this.process.isAlive() || System.nanoTime() - deadline >= 0) {
				throw new IllegalStateException(this.name + " did not get ready within " + timeout + " (alive: "
						+ this.process.isAlive() + "); its log:" + System.lineSeparator() + log());
			}
		}
	}

	/**
	 * Kill the child with SIGKILL and wait until it is gone.
	 * @throws InterruptedException if interrupted
	 */
	void kill() throws InterruptedException {
		this.process.destroyForcibly();
		this.process.waitFor();
	}

	/**
	 * Send the child a signal, such as {@code STOP} or {@code CONT}.
	 * @param signal the signal's name without {@code SIG}
	 * @throws IOException if {@code kill} cannot be run
	 * @throws InterruptedException if interrupted
	 */
	void signal(String signal) throws IOException, InterruptedException {
		int exit = new ProcessBuilder("kill", "-" + signal, Long.toString(pid())).inheritIO().start().waitFor();
		if (exit != 0) {
			throw new IllegalStateException("kill -" + signal + " " + pid() + " exited with " + exit);
		}
	}

	/**
	 * Stop the child as a shutdown would: end its standard input, so that it stops
	 * generating and closes its generator, and wait until it exits.
	 * @param timeout how long to wait for the exit
	 * @throws IllegalStateException if it does not exit in time or exits with a failure,
	 * with its log
	 * @throws IOException if its input cannot be closed
	 * @throws InterruptedException if interrupted
	 */
	void stop(Duration timeout) throws IOException, InterruptedException {
		this.process.getOutputStream().close();
		if (!this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) || this.process.exitValue() != 0) {
			throw new IllegalStateException(this.name + " did not stop cleanly within " + timeout + "; its log:"
					+ System.lineSeparator() + log());
		}
	}

	/**
	 * Return the child's output so far.
	 * @return the log
	 */
	String log() {
		try {
			return Files.exists(this.log) ? Files.readString(this.log) : "(no output)";
		}
		catch (IOException ex) {
			return "(log unreadable: " + ex + ")";
		}
	}

	/**
	 * Kill the child if it still runs (SIGKILL ends a stopped process too).
	 */
	@Override
	public void close() throws Exception {
		if (this.process.isAlive()) {
			this.process.destroyForcibly();
			this.process.waitFor(10, TimeUnit.SECONDS);
		}
	}

}
