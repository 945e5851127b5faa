package io.github.idgen.redis;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.SequenceObserver;
import io.github.idgen.segment.Segment;
import io.github.idgen.test.RedisServerProcess;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The server check against ordinary deployments: a least-privilege ACL user and a Redis
 * Cluster reshard, each on Redis servers of the test's own.
 */
class RedisDeploymentTest {

	private static final RedisKeys KEYS = new RedisKeys("idgen-deploy:");

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private final String sequence = uniqueName("deploy");

	@AfterEach
	void close() throws Exception {
		for (int i = this.closeables.size() - 1; i >= 0; i--) {
			this.closeables.get(i).close();
		}
	}

	/**
	 * The usual least-privilege ACL of an application user, {@code +@all -@dangerous}
	 * (Redis's own documentation example), may not run INFO, which the server check
	 * needs: the store says so, at once and as a misconfiguration, and serves once the
	 * user may run INFO too ({@code +info}).
	 */
	@Test
	void anApplicationUserThatMayNotRunInfoIsToldToGrantIt() {
		RedisServerProcess server = RedisServerProcess.start();
		this.closeables.add(server);
		try (var admin = server.connectionFactory().getConnection()) {
			admin.execute("ACL", bytes("SETUSER"), bytes("app"), bytes("on"), bytes(">app-password"), bytes("~*"),
					bytes("+@all"), bytes("-@dangerous"));
		}
		RedisStandaloneConfiguration configuration = server.configuration();
		configuration.setUsername("app");
		configuration.setPassword("app-password");
		LettuceConnectionFactory app = factory(new LettuceConnectionFactory(configuration, client()));
		RedisSegmentStore store = new RedisSegmentStore(app, KEYS, null, 1000, SequenceObserver.NONE);
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.allocate(this.sequence, 100, 1))
			.withMessageContaining("grant it +info");
		try (var admin = server.connectionFactory().getConnection()) {
			admin.execute("ACL", bytes("SETUSER"), bytes("app"), bytes("+info"));
		}
		assertThat(store.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
	}

	/**
	 * A reshard moves a slot, keys and all, to another master ({@code MIGRATE}): nothing
	 * is lost, but the stamp names the old master's run id, and the server check cannot
	 * tell a lossless move from a failover: the counter is moved by the failover jump (a
	 * gap), as the README says.
	 */
	@Test
	void aClusterReshardMovesTheCounterByTheJump() throws Exception {
		Node first = node();
		Node second = node();
		first.cli("CLUSTER", "ADDSLOTSRANGE", "0", "16383");
		first.cli("CLUSTER", "MEET", "127.0.0.1", Integer.toString(second.port));
		awaitClusterOk(first, second);
		LettuceConnectionFactory cluster = factory(new LettuceConnectionFactory(
				new RedisClusterConfiguration(List.of("127.0.0.1:" + first.port)), client()));
		RedisSegmentStore store = new RedisSegmentStore(cluster, KEYS, null, 1000, SequenceObserver.NONE);
		assertThat(store.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));

		String slot = first.cli("CLUSTER", "KEYSLOT", KEYS.counter(this.sequence)).strip();
		String firstId = first.cli("CLUSTER", "MYID").strip();
		String secondId = second.cli("CLUSTER", "MYID").strip();
		second.cli("CLUSTER", "SETSLOT", slot, "IMPORTING", firstId);
		first.cli("CLUSTER", "SETSLOT", slot, "MIGRATING", secondId);
		List<String> migrate = new ArrayList<>(
				List.of("MIGRATE", "127.0.0.1", Integer.toString(second.port), "", "0", "5000", "KEYS"));
		migrate.addAll(first.cli("CLUSTER", "GETKEYSINSLOT", slot, "100").strip().lines().toList());
		first.cli(migrate.toArray(String[]::new));
		second.cli("CLUSTER", "SETSLOT", slot, "NODE", secondId);
		first.cli("CLUSTER", "SETSLOT", slot, "NODE", secondId);
		assertThat(second.cli("GET", KEYS.counter(this.sequence)).strip()).isEqualTo("100");

		assertThat(store.allocate(this.sequence, 100, 1).start()).as("the first reservation after the reshard")
			.isGreaterThan(100 + 1000);
	}

	private static void awaitClusterOk(Node... nodes) throws Exception {
		long deadline = System.currentTimeMillis() + 15_000;
		for (;;) {
			boolean ok = true;
			for (Node node : nodes) {
				ok &= node.cli("CLUSTER", "INFO").contains("cluster_state:ok")
						&& node.cli("CLUSTER", "INFO").contains("cluster_known_nodes:" + nodes.length);
			}
			if (ok) {
				return;
			}
			if (System.currentTimeMillis() > deadline) {
				throw new IllegalStateException("cluster did not come up");
			}
			Thread.sleep(100);
		}
	}

	private LettuceConnectionFactory factory(LettuceConnectionFactory factory) {
		factory.afterPropertiesSet();
		factory.start();
		this.closeables.add(factory::destroy);
		return factory;
	}

	private static LettuceClientConfiguration client() {
		return LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(5)).build();
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	private Node node() throws Exception {
		Node node = new Node();
		this.closeables.add(node);
		return node;
	}

	/**
	 * A cluster-enabled redis-server of this test's own, without persistence.
	 */
	static final class Node implements AutoCloseable {

		final int port;

		private final Path directory;

		private final Process process;

		Node() throws Exception {
			try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
				this.port = socket.getLocalPort();
			}
			this.directory = Files.createTempDirectory("idgen-attack-cluster");
			this.process = new ProcessBuilder("redis-server", "--port", Integer.toString(this.port), "--bind",
					"127.0.0.1", "--save", "", "--appendonly", "no", "--cluster-enabled", "yes",
					"--cluster-config-file", this.directory.resolve("nodes.conf").toString(), "--dir",
					this.directory.toString())
				.redirectErrorStream(true)
				.redirectOutput(this.directory.resolve("redis.log").toFile())
				.start();
			long deadline = System.currentTimeMillis() + 10_000;
			while (!cli("PING").contains("PONG")) {
				if (System.currentTimeMillis() > deadline) {
					throw new IllegalStateException("redis-server did not start");
				}
				Thread.sleep(50);
			}
		}

		String cli(String... args) throws IOException, InterruptedException {
			List<String> command = new ArrayList<>(List.of("redis-cli", "-p", Integer.toString(this.port)));
			command.addAll(List.of(args));
			Process cli = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			cli.waitFor(10, TimeUnit.SECONDS);
			return output;
		}

		@Override
		public void close() throws Exception {
			this.process.destroy();
			this.process.waitFor(10, TimeUnit.SECONDS);
			try (var files = Files.list(this.directory)) {
				for (Path file : files.toList()) {
					Files.deleteIfExists(file);
				}
			}
			Files.deleteIfExists(this.directory);
		}

	}

}
