package io.github.idgen.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.SequenceObserver;
import io.github.idgen.segment.Segment;
import io.github.idgen.test.RedisServerExtension;
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

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	@RegisterExtension
	final RedisServerExtension firstNode = RedisServerExtension.clusterNode();

	@RegisterExtension
	final RedisServerExtension secondNode = RedisServerExtension.clusterNode();

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
		RedisServerProcess server = this.redis.server();
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
	void aClusterReshardMovesTheCounterByTheJump() throws InterruptedException {
		RedisServerProcess first = this.firstNode.server();
		RedisServerProcess second = this.secondNode.server();
		first.cli("CLUSTER", "ADDSLOTSRANGE", "0", "16383");
		first.cli("CLUSTER", "MEET", "127.0.0.1", Integer.toString(second.port()));
		awaitClusterOk(first, second);
		LettuceConnectionFactory cluster = factory(new LettuceConnectionFactory(
				new RedisClusterConfiguration(List.of("127.0.0.1:" + first.port())), client()));
		RedisSegmentStore store = new RedisSegmentStore(cluster, KEYS, null, 1000, SequenceObserver.NONE);
		assertThat(store.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));

		String slot = first.cli("CLUSTER", "KEYSLOT", KEYS.counter(this.sequence)).strip();
		String firstId = first.cli("CLUSTER", "MYID").strip();
		String secondId = second.cli("CLUSTER", "MYID").strip();
		second.cli("CLUSTER", "SETSLOT", slot, "IMPORTING", firstId);
		first.cli("CLUSTER", "SETSLOT", slot, "MIGRATING", secondId);
		List<String> migrate = new ArrayList<>(
				List.of("MIGRATE", "127.0.0.1", Integer.toString(second.port()), "", "0", "5000", "KEYS"));
		migrate.addAll(first.cli("CLUSTER", "GETKEYSINSLOT", slot, "100").strip().lines().toList());
		first.cli(migrate.toArray(String[]::new));
		second.cli("CLUSTER", "SETSLOT", slot, "NODE", secondId);
		first.cli("CLUSTER", "SETSLOT", slot, "NODE", secondId);
		assertThat(second.cli("GET", KEYS.counter(this.sequence)).strip()).isEqualTo("100");

		assertThat(store.allocate(this.sequence, 100, 1).start()).as("the first reservation after the reshard")
			.isGreaterThan(100 + 1000);
	}

	private static void awaitClusterOk(RedisServerProcess... nodes) throws InterruptedException {
		long deadline = System.currentTimeMillis() + 15_000;
		for (;;) {
			boolean ok = true;
			for (RedisServerProcess node : nodes) {
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

}
