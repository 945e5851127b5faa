package io.github.idgen.sample;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The sample processed ahead of time for one profile, started in a JVM of its own with
 * {@code -Dspring.aot.enabled=true}: its classes with what {@code process-aot} generated
 * ({@code target/aot/<build>/classes}, made by the Maven build before the tests) on the
 * runtime class path the build wrote ({@code target/aot/runtime-classpath.txt}). Its
 * output goes to {@code target/aot/<build>/run.log}.
 */
final class AotSample implements AutoCloseable {

	private static final String DIRECTORY = "idgen.sample.aot.directory";

	private static final Pattern READY = Pattern
		.compile("idgen sample is ready\\. Watch its sequences at http://localhost:(\\d+)/");

	private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);

	private final Process process;

	private final Path log;

	private final int port;

	private AotSample(Process process, Path log, int port) {
		this.process = process;
		this.log = log;
		this.port = port;
	}

	/**
	 * Return the directory of the ahead-of-time builds.
	 * @return {@code target/aot}
	 */
	static Path directory() {
		String directory = System.getProperty(DIRECTORY);
		if (directory == null) {
			fail(DIRECTORY + " is not set: run the test through Maven, which processes the sample ahead of time");
		}
		return Path.of(directory);
	}

	/**
	 * Start the sample of one ahead-of-time build on a free port and wait until it is
	 * ready.
	 * @param build the build, {@code h2}, {@code postgres} or {@code redis}
	 * @param arguments the application's arguments, such as
	 * {@code --spring.profiles.active=postgres}
	 * @return the running sample
	 * @throws IOException if the JVM cannot be started or its output read
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	static AotSample start(String build, String... arguments) throws IOException, InterruptedException {
		Path log = directory().resolve(build).resolve("run.log");
		Process process = launch(build, log, arguments);
		Instant deadline = Instant.now().plus(STARTUP_TIMEOUT);
		while (Instant.now().isBefore(deadline)) {
			Matcher ready = READY.matcher(Files.readString(log, StandardCharsets.UTF_8));
			if (ready.find()) {
				return new AotSample(process, log, Integer.parseInt(ready.group(1)));
			}
			if (!process.isAlive()) {
				fail("The sample (" + build + ") exited with " + process.exitValue() + " before it was ready:\n"
						+ Files.readString(log, StandardCharsets.UTF_8));
			}
			Thread.sleep(200);
		}
		process.destroyForcibly();
		return fail("The sample (" + build + ") was not ready within " + STARTUP_TIMEOUT + ":\n"
				+ Files.readString(log, StandardCharsets.UTF_8));
	}

	/**
	 * Start the sample of one ahead-of-time build and wait until it exits, as it must.
	 * @param build the build, {@code h2}, {@code postgres} or {@code redis}
	 * @param arguments the application's arguments
	 * @return what it wrote
	 * @throws IOException if the JVM cannot be started or its output read
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	static String failure(String build, String... arguments) throws IOException, InterruptedException {
		Path log = directory().resolve(build).resolve("failed-run.log");
		Process process = launch(build, log, arguments);
		if (!process.waitFor(STARTUP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
			process.destroyForcibly().waitFor();
			fail("The sample (" + build + ") did not exit within " + STARTUP_TIMEOUT + ":\n"
					+ Files.readString(log, StandardCharsets.UTF_8));
		}
		assertThat(process.exitValue()).as("exit value").isNotZero();
		return Files.readString(log, StandardCharsets.UTF_8);
	}

	private static Process launch(String build, Path log, String... arguments) throws IOException {
		Path directory = directory();
		Path classes = directory.resolve(build).resolve("classes");
		String classpath = classes + File.pathSeparator
				+ Files.readString(directory.resolve("runtime-classpath.txt")).strip();
		List<String> command = new ArrayList<>(List.of(
				Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Dspring.aot.enabled=true",
				"-XX:TieredStopAtLevel=1", "-cp", classpath, SampleApplication.class.getName(), "--server.port=0"));
		command.addAll(List.of(arguments));
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
	}

	/**
	 * Return a client of the sample's HTTP server.
	 * @return the client
	 */
	RestClient http() {
		return RestClient.create("http://localhost:" + this.port);
	}

	/**
	 * Return what the sample has written so far.
	 * @return its output
	 * @throws IOException if the output cannot be read
	 */
	String output() throws IOException {
		return Files.readString(this.log, StandardCharsets.UTF_8);
	}

	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor();
		}
	}

}
