package io.github.idgen.redis.time;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.SocketOptions;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A {@code redis-server} process owned by a test: it listens on a free loopback port,
 * persists nothing ({@code --save "" --appendonly no}) and dies with the JVM at the
 * latest. It can be stopped and started again on the same port, to let a test take a
 * node down and bring it back.
 * <p>
 * {@link #connectionFactory()} returns a Lettuce connection factory that fails fast
 * while the server is down: it rejects commands while disconnected instead of queueing
 * them, and gives up on a connect or command after {@link #TIMEOUT}.
 */
public final class TimeTestRedisServer implements AutoCloseable {

	/**
	 * How long the connection factory waits for a connection or a reply.
	 */
	public static final Duration TIMEOUT = Duration.ofMillis(500);

	private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(10);

	private static final int PORT_ATTEMPTS = 5;

	private final Path directory;

	private int port;

	private Process process;

	private Thread killOnExit;

	private LettuceConnectionFactory connectionFactory;

	private TimeTestRedisServer(Path directory) {
		this.directory = directory;
	}

	/**
	 * Start a server on a free port.
	 * @return the running server
	 */
	public static TimeTestRedisServer start() {
		Path directory;
		try {
			directory = Files.createTempDirectory("idgen-redis-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		TimeTestRedisServer server = new TimeTestRedisServer(directory);
		for (int attempt = 1;; attempt++) {
			server.port = freePort();
			try {
				server.startProcess();
				return server;
			}
			catch (IllegalStateException ex) {
				if (attempt == PORT_ATTEMPTS) {
					server.close();
					throw ex;
				}
			}
		}
	}

	/**
	 * Start the server again on its port after {@link #stop()}. Does nothing if it runs.
	 */
	public synchronized void restart() {
		if (!isRunning()) {
			startProcess();
		}
	}

	/**
	 * Stop the server, waiting until its process has ended. Does nothing if it is
	 * stopped.
	 */
	public synchronized void stop() {
		if (this.process == null) {
			return;
		}
		this.process.destroy();
		try {
			if (!this.process.waitFor(5, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.process.destroyForcibly();
		}
		Runtime.getRuntime().removeShutdownHook(this.killOnExit);
		this.process = null;
	}

	/**
	 * Return whether the server process is alive.
	 * @return whether the server runs
	 */
	public synchronized boolean isRunning() {
		return this.process != null && this.process.isAlive();
	}

	/**
	 * Return a human-readable name of the server.
	 * @return {@code 127.0.0.1:<port>}
	 */
	public String address() {
		return "127.0.0.1:" + this.port;
	}

	/**
	 * Return the fail-fast connection factory of this server, created on first use and
	 * destroyed by {@link #close()}. It reconnects by itself once a stopped server runs
	 * again.
	 * @return the connection factory
	 */
	public synchronized LettuceConnectionFactory connectionFactory() {
		if (this.connectionFactory == null) {
			ClientOptions options = ClientOptions.builder()
				.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
				.socketOptions(SocketOptions.builder().connectTimeout(TIMEOUT).build())
				.build();
			LettuceClientConfiguration client = LettuceClientConfiguration.builder()
				.commandTimeout(TIMEOUT)
				.clientOptions(options)
				.build();
			LettuceConnectionFactory factory = new LettuceConnectionFactory(
					new RedisStandaloneConfiguration("127.0.0.1", this.port), client);
			factory.afterPropertiesSet();
			factory.start();
			this.connectionFactory = factory;
		}
		return this.connectionFactory;
	}

	/**
	 * Return a template on {@link #connectionFactory()}, for tests to look at or change
	 * the server's data.
	 * @return a new template
	 */
	public StringRedisTemplate template() {
		StringRedisTemplate template = new StringRedisTemplate(connectionFactory());
		template.afterPropertiesSet();
		return template;
	}

	/**
	 * Destroy the connection factory, stop the server and delete its directory.
	 */
	@Override
	public synchronized void close() {
		if (this.connectionFactory != null) {
			this.connectionFactory.destroy();
			this.connectionFactory = null;
		}
		stop();
		try {
			Files.deleteIfExists(log());
			Files.deleteIfExists(this.directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void startProcess() {
		ProcessBuilder builder = new ProcessBuilder(List.of("redis-server", "--port", Integer.toString(this.port),
				"--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", this.directory.toString()))
			.redirectErrorStream(true)
			.redirectOutput(log().toFile());
		try {
			this.process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not run redis-server; is it installed?", ex);
		}
		Process started = this.process;
		this.killOnExit = new Thread(started::destroyForcibly, "redis-server-" + this.port + "-killer");
		Runtime.getRuntime().addShutdownHook(this.killOnExit);
		long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
		while (!answersPing()) {
			if (!started.isAlive() || System.nanoTime() > deadline) {
				stop();
				throw new IllegalStateException("redis-server on port " + this.port + " did not start: " + readLog());
			}
			sleepBriefly();
		}
	}

	private boolean answersPing() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.port), 200);
			socket.setSoTimeout(1000);
			OutputStream out = socket.getOutputStream();
			out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] reply = in.readNBytes(7);
			return new String(reply, StandardCharsets.US_ASCII).equals("+PONG\r\n");
		}
		catch (IOException ex) {
			return false;
		}
	}

	private Path log() {
		return this.directory.resolve("redis.log");
	}

	private String readLog() {
		try {
			return Files.readString(log());
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void sleepBriefly() {
		try {
			Thread.sleep(10);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for redis-server", ex);
		}
	}

}
