package io.github.idgen.faults.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The child JVMs a scenario started, each closed (killed if still running) after every
 * test: register one per test instance with
 * {@link org.junit.jupiter.api.extension.RegisterExtension @RegisterExtension} and start
 * children through it. Only the test thread starts children and JUnit calls
 * {@link #afterEach} on that thread, so the list needs no synchronization.
 */
final class StartedChildren implements AfterEachCallback {

	private final List<ChildJvm> started = new ArrayList<>();

	/**
	 * Start a child JVM that is closed after the test.
	 * @param name the child's name
	 * @param options the child's options
	 * @param environment variables added to the child's environment
	 * @param logDirectory the directory of the child's log
	 * @return the child
	 */
	ChildJvm start(String name, ChildOptions options, Map<String, String> environment, Path logDirectory) {
		ChildJvm child = ChildJvm.start(name, options, environment, logDirectory);
		this.started.add(child);
		return child;
	}

	/**
	 * Start a child JVM of another program that is closed after the test.
	 * @param name the child's name
	 * @param mainClass the class whose {@code main} to run
	 * @param arguments its arguments
	 * @param jvmOptions the options of the child JVM
	 * @param logDirectory the directory of the child's log
	 * @return the child
	 */
	ChildJvm start(String name, String mainClass, List<String> arguments, List<String> jvmOptions, Path logDirectory) {
		ChildJvm child = ChildJvm.start(name, mainClass, arguments, jvmOptions, Map.of(), logDirectory);
		this.started.add(child);
		return child;
	}

	@Override
	public void afterEach(ExtensionContext context) throws Exception {
		for (ChildJvm child : this.started) {
			child.close();
		}
		this.started.clear();
	}

}
