package io.github.idgen.test;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.SocketOptions;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A {@code redis-server} that a test owns: started on a free loopback port without
 * persistence ({@code --save "" --appendonly no}), so that a test may flush it, restart
 * it (losing every key, as a production Redis without persistence does) and stop it
 * without touching any other Redis. A test that needs one is skipped when
 * {@code redis-server} is not installed, or fails with
 * {@code IDGEN_TEST_REQUIRE_BACKENDS=true}.
 * <p>
 * {@link #connectionFactory()} returns a Lettuce connection factory that fails fast while
 * the server is down, for tests that take a server down on purpose.
 * <p>
 * {@link #startClusterNode()} starts a node with cluster mode enabled instead, for tests
 * that build a Redis Cluster of their own with {@link #cli(String...)}.
 * <p>
 * Close it at the end of the test, or let a {@link RedisServerExtension} start and stop
 * it; a JVM shutdown hook stops it otherwise.
 */
public final class RedisServerProcess implements AutoCloseable {

	/**
	 * How long the {@link #connectionFactory() connection factory} waits for a connection
	 * or a reply.
	 */
	public static final Duration TIMEOUT = Duration.ofMillis(500);

	private static final long START_TIMEOUT_MILLIS = 10_000;

	private static final int PORT_ATTEMPTS = 5;

	private final int port;

	private final Path directory;

	private final boolean clusterEnabled;

	private final Thread shutdownHook = new Thread(this::stop, "redis-server-stop");

	private Process process;

	private LettuceConnectionFactory connectionFactory;

	private RedisServerProcess(int port, Path directory, boolean clusterEnabled) {
		this.port = port;
		this.directory = directory;
		this.clusterEnabled = clusterEnabled;
	}

	/**
	 * Start a server on a free port, trying another one if some other process takes the
	 * port before the server binds it.
	 * @return the running server
	 */
	public static RedisServerProcess start() {
		return start(false);
	}

	/**
	 * Start a server as {@link #start()} does, with cluster mode enabled
	 * ({@code --cluster-enabled yes}, its node configuration in the server's directory).
	 * The node serves no slot until it is given some, such as with
	 * {@code cli("CLUSTER", "ADDSLOTSRANGE", "0", "16383")}.
	 * @return the running cluster node
	 */
	public static RedisServerProcess startClusterNode() {
		return start(true);
	}

	private static RedisServerProcess start(boolean clusterEnabled) {
		if (!installed()) {
			TestBackends.missing("redis-server is not installed");
		}
		for (int attempt = 1;; attempt++) {
			RedisServerProcess server;
			try {
				server = new RedisServerProcess(freePort(), Files.createTempDirectory("idgen-redis-server"),
						clusterEnabled);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not start redis-server", ex);
			}
			Runtime.getRuntime().addShutdownHook(server.shutdownHook);
			try {
				server.launch();
				return server;
			}
			catch (IllegalStateException ex) {
				server.close();
				if (attempt == PORT_ATTEMPTS) {
					throw ex;
				}
			}
		}
	}

	/**
	 * Return the port the server listens on, on {@code 127.0.0.1}.
	 * @return the port
	 */
	public int port() {
		return this.port;
	}

	/**
	 * Return the configuration of a connection factory for this server.
	 * @return the configuration
	 */
	public RedisStandaloneConfiguration configuration() {
		return new RedisStandaloneConfiguration("127.0.0.1", this.port);
	}

	/**
	 * Return the address of the server, as error messages name a Redis node.
	 * @return {@code 127.0.0.1:<port>}
	 */
	public String address() {
		return "127.0.0.1:" + this.port;
	}

	/**
	 * Return a connection factory for this server that fails fast while the server is
	 * down: it rejects commands while disconnected instead of queueing them until it has
	 * reconnected, and gives up on a connect or a command after {@link #TIMEOUT}. It
	 * reconnects by itself once a stopped server runs again. Created on first use and
	 * destroyed by {@link #close()}.
	 * @return the started connection factory
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
			LettuceConnectionFactory factory = new LettuceConnectionFactory(configuration(), client);
			factory.afterPropertiesSet();
			factory.start();
			this.connectionFactory = factory;
		}
		return this.connectionFactory;
	}

	/**
	 * Return a template on {@link #connectionFactory()}, to look at or change the data of
	 * the server.
	 * @return a new template
	 */
	public StringRedisTemplate template() {
		StringRedisTemplate template = new StringRedisTemplate(connectionFactory());
		template.afterPropertiesSet();
		return template;
	}

	/**
	 * Make this server a replica of another and wait until it has every write the other
	 * has acknowledged so far.
	 * @param master the server to replicate
	 */
	public void replicate(RedisServerProcess master) {
		try (RedisConnection connection = connectionFactory().getConnection()) {
			connection.serverCommands().replicaOf("127.0.0.1", master.port());
		}
		awaitReplicated(master);
	}

	/**
	 * Wait until this replica has every write its master has acknowledged so far.
	 * @param master the master of this replica
	 */
	public void awaitReplicated(RedisServerProcess master) {
		long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
		for (;;) {
			long masterOffset = Long.parseLong(master.info("replication").getProperty("master_repl_offset"));
			Properties replication = info("replication");
			if ("up".equals(replication.getProperty("master_link_status"))
					&& Long.parseLong(replication.getProperty("slave_repl_offset", "-1")) >= masterOffset) {
				return;
			}
			if (System.currentTimeMillis() > deadline) {
				throw new IllegalStateException(
						"Replica " + address() + " did not catch up with " + master.address() + ": " + replication);
			}
			sleep();
		}
	}

	/**
	 * Stop replicating and serve as a master with the data this server has, as a replica
	 * promoted by a failover does ({@code REPLICAOF NO ONE}).
	 */
	public void promote() {
		try (RedisConnection connection = connectionFactory().getConnection()) {
			connection.serverCommands().replicaOfNoOne();
		}
	}

	/**
	 * Write a snapshot of the data to the server's directory ({@code SAVE}), which the
	 * server loads when it starts again, once a background save under way (such as for a
	 * replica) has ended.
	 */
	public void save() {
		long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
		while (!"0".equals(info("persistence").getProperty("rdb_bgsave_in_progress"))) {
			if (System.currentTimeMillis() > deadline) {
				throw new IllegalStateException("A background save of " + address() + " did not end");
			}
			sleep();
		}
		try (RedisConnection connection = connectionFactory().getConnection()) {
			connection.serverCommands().save();
		}
	}

	/**
	 * Return a section of {@code INFO}.
	 * @param section the section, such as {@code server} or {@code replication}
	 * @return its properties
	 */
	public Properties info(String section) {
		try (RedisConnection connection = connectionFactory().getConnection()) {
			return connection.serverCommands().info(section);
		}
	}

	/**
	 * Run a command with {@code redis-cli} against this server, as an operator would, and
	 * return what it printed: a reply in the form {@code redis-cli} gives it, such as one
	 * line per element of an array, or the error it printed.
	 * @param arguments the command and its arguments, such as {@code "CLUSTER", "MYID"}
	 * @return the output of {@code redis-cli}, standard error included
	 */
	public String cli(String... arguments) {
		List<String> command = new ArrayList<>(List.of("redis-cli", "-p", Integer.toString(this.port)));
		command.addAll(List.of(arguments));
		try {
			Process cli = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!cli.waitFor(10, TimeUnit.SECONDS)) {
				cli.destroyForcibly();
				throw new IllegalStateException("redis-cli did not end: " + command);
			}
			return output;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not run " + command, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while running " + command, ex);
		}
	}

	/**
	 * Stop the server and start it again on the same port. Every key is lost, unless
	 * {@link #save()} wrote a snapshot, which it loads; clients reconnect on their own.
	 */
	public void restart() {
		stop();
		launch();
		awaitConnectionFactory();
	}

	/**
	 * Wait until the {@link #connectionFactory() connection factory}, if it was created,
	 * has reconnected to the server.
	 */
	private void awaitConnectionFactory() {
		if (this.connectionFactory == null) {
			return;
		}
		long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
		for (;;) {
			try (RedisConnection connection = this.connectionFactory.getConnection()) {
				connection.ping();
				return;
			}
			catch (RuntimeException ex) {
				if (System.currentTimeMillis() > deadline) {
					throw ex;
				}
				sleep();
			}
		}
	}

	/**
	 * Stop the server. Its keys are lost.
	 */
	public synchronized void stop() {
		if (this.process == null) {
			return;
		}
		this.process.destroy();
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.process.destroyForcibly();
		}
		this.process = null;
	}

	/**
	 * Destroy the {@link #connectionFactory() connection factory} and stop the server for
	 * good.
	 */
	@Override
	public synchronized void close() {
		if (this.connectionFactory != null) {
			this.connectionFactory.destroy();
			this.connectionFactory = null;
		}
		stop();
		Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		if (!Files.isDirectory(this.directory)) {
			return;
		}
		try (Stream<Path> files = Files.list(this.directory)) {
			for (Path file : files.toList()) {
				Files.deleteIfExists(file);
			}
			Files.deleteIfExists(this.directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not delete " + this.directory, ex);
		}
	}

	private synchronized void launch() {
		try {
			List<String> command = new ArrayList<>(List.of("redis-server", "--port", Integer.toString(this.port),
					"--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--repl-diskless-sync-delay", "0",
					"--dir", this.directory.toString()));
			if (this.clusterEnabled) {
				command.addAll(List.of("--cluster-enabled", "yes", "--cluster-config-file",
						this.directory.resolve("nodes.conf").toString()));
			}
			this.process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log().toFile()).start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start redis-server on port " + this.port, ex);
		}
		long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
		while (!answersPing()) {
			if (!this.process.isAlive() || System.currentTimeMillis() > deadline) {
				stop();
				throw new IllegalStateException("redis-server did not come up on port " + this.port + ": " + readLog());
			}
			sleep();
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

	private boolean answersPing() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", this.port), 200);
			socket.setSoTimeout(1000);
			OutputStream output = socket.getOutputStream();
			output.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
			output.flush();
			InputStream input = socket.getInputStream();
			byte[] reply = input.readNBytes(7);
			return "+PONG\r\n".equals(new String(reply, StandardCharsets.US_ASCII));
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static void sleep() {
		try {
			Thread.sleep(20);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while starting redis-server", ex);
		}
	}

	private static boolean installed() {
		try {
			Process version = new ProcessBuilder("redis-server", "--version").redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			return version.waitFor(10, TimeUnit.SECONDS) && version.exitValue() == 0;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

}
