package io.github.idgen.smoke;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.SequenceRouting;

/**
 * One run of a smoke application: start it, draw IDs from {@link #SEQUENCES} on several
 * threads, check the backend that served them and the store libraries on the classpath,
 * and print one summary line, {@code SMOKE <name>: OK ...} or
 * {@code SMOKE <name>: FAILED ...}.
 */
public final class SmokeRun {

	/**
	 * The sequences every smoke application draws from.
	 */
	public static final List<String> SEQUENCES = List.of("order", "invoice");

	private static final String BOOT_LOADER_PACKAGE = "org.springframework.boot.loader.";

	private final String name;

	private final Backend backend;

	private final Set<StoreLibrary> libraries;

	private final StoreCheck storeCheck;

	/**
	 * Create a run.
	 * @param name the name of the application in the summary line
	 * @param backend the backend that must serve both sequences
	 * @param libraries the store libraries the application has; every other one must be
	 * absent
	 * @param storeCheck the check that the store holds the counters of the IDs drawn
	 */
	public SmokeRun(String name, Backend backend, Set<StoreLibrary> libraries, StoreCheck storeCheck) {
		this.name = name;
		this.backend = backend;
		this.libraries = libraries.isEmpty() ? EnumSet.noneOf(StoreLibrary.class) : EnumSet.copyOf(libraries);
		this.storeCheck = storeCheck;
	}

	/**
	 * Run the application and its checks, and print the summary line.
	 * @param application the application's configuration class
	 * @param args the command line arguments
	 * @return the exit status: 0 if every check passed, else 1
	 */
	public int run(Class<?> application, String... args) {
		try {
			String classpath = checkClasspath();
			String served;
			ConcurrentDraws.Result drawn;
			try (ConfigurableApplicationContext context = SpringApplication.run(application, args)) {
				drawn = ConcurrentDraws.draw(context.getBean(IdGenerator.class), SEQUENCES);
				served = checkBackend(context.getBean(SequenceRouting.class)) + ": "
						+ this.storeCheck.check(context, drawn.highest());
			}
			System.out.println("SMOKE " + this.name + ": OK " + drawn.count() + " IDs from "
					+ String.join(" and ", SEQUENCES) + " on " + ConcurrentDraws.THREADS
					+ " threads (by name, by handle, batches of " + ConcurrentDraws.BATCH
					+ "), unique and increasing per thread; served by " + served + "; " + classpath);
			return 0;
		}
		catch (Throwable ex) {
			ex.printStackTrace();
			System.out.println("SMOKE " + this.name + ": FAILED " + ex);
			return 1;
		}
	}

	private String checkClasspath() {
		ClassLoader classLoader = SmokeRun.class.getClassLoader();
		if (!classLoader.getClass().getName().startsWith(BOOT_LOADER_PACKAGE)) {
			throw new IllegalStateException("Not started from a repackaged jar: classes are loaded by "
					+ classLoader.getClass().getName() + ", not by Spring Boot's launcher");
		}
		List<String> problems = new ArrayList<>();
		List<String> absent = new ArrayList<>();
		for (StoreLibrary library : StoreLibrary.values()) {
			if (this.libraries.contains(library)) {
				library.missingClasses(classLoader)
					.forEach((missing) -> problems.add(library.label() + " lacks " + missing));
			}
			else {
				library.presentClasses(classLoader)
					.forEach((present) -> problems.add(present + " is on the classpath"));
				absent.add(library.label());
			}
		}
		if (!problems.isEmpty()) {
			throw new IllegalStateException("Unexpected classpath: " + String.join(", ", problems));
		}
		List<String> present = this.libraries.stream().map(StoreLibrary::label).toList();
		return "store libraries: " + (present.isEmpty() ? "none" : String.join(", ", present)) + "; absent: "
				+ String.join(", ", absent);
	}

	private String checkBackend(SequenceRouting routing) {
		for (String sequence : SEQUENCES) {
			Backend served = routing.backendOf(sequence);
			if (served != this.backend) {
				throw new IllegalStateException("Sequence '" + sequence + "' is served by " + served + ", not by "
						+ this.backend);
			}
		}
		return this.backend.name().toLowerCase(Locale.ROOT);
	}

}
