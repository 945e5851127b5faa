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
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceObserver;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;
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
	void aClusterReshardMovesTheCounterByTheJump() {
		RedisServerProcess first = this.firstNode.server();
		RedisServerProcess second = this.secondNode.server();
		TestCluster.form(first, second);
		RedisSegmentStore store = new RedisSegmentStore(cluster(first), KEYS, null, 1000, SequenceObserver.NONE);
		assertThat(store.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));

		String slot = openMigration(first, second, this.sequence);
		migrateKeys(first, second, slot);
		closeMigration(first, second, slot);
		assertThat(second.cli("GET", KEYS.counter(this.sequence)).strip()).isEqualTo("100");

		assertThat(store.allocate(this.sequence, 100, 1).start()).as("the first reservation after the reshard")
			.isGreaterThan(100 + 1000);
	}

	/**
	 * While a slot migrates, Redis Cluster runs a script that names several keys only
	 * where all of them exist: on the old master until the first of them has moved, then,
	 * after every one of them has moved, on the new master ({@code ASK}), and it answers
	 * {@code TRYAGAIN} in between. The reservations of a sequence whose keys all exist
	 * are served throughout, in segment mode and in increment mode, unbounded, bounded
	 * and cyclic, once before any of their keys moved and once after all did; and so are
	 * the reservations that follow the migration.
	 */
	@Test
	void reservationsAreServedWhileTheirSlotMigrates() {
		RedisServerProcess first = this.firstNode.server();
		RedisServerProcess second = this.secondNode.server();
		TestCluster.form(first, second);
		RedisSegmentStore store = new RedisSegmentStore(cluster(first), KEYS, null, 1000, SequenceObserver.NONE);
		String tag = this.sequence;
		List<String> sequences = List.of(tag + "-segment", tag + "-increment", tag + "-bounded", tag + "-cyclic");
		SequenceBounds[] bounds = { SequenceBounds.startingAt(1), SequenceBounds.startingAt(1),
				new SequenceBounds(1, 1_000_000, false), new SequenceBounds(1, 1_000_000, true) };
		RedisIncrementSequence increment = new RedisIncrementSequence(store, sequences.get(1), 1);
		long[] last = new long[sequences.size()];
		for (int round = 0; round < 4; round++) {
			for (int i = 0; i < sequences.size(); i++) {
				String sequence = sequences.get(i);
				long id = (i == 1) ? increment.next() : store.allocate(sequence, 10, bounds[i]).start();
				assertThat(id).as("%s in round %d", sequence, round).isGreaterThan(last[i]);
				last[i] = id;
			}
			if (round == 0) {
				for (String sequence : sequences) {
					openMigration(first, second, sequence);
				}
			}
			else if (round == 1) {
				for (String sequence : sequences) {
					migrateKeys(first, second, slot(first, sequence));
				}
			}
			else if (round == 2) {
				for (String sequence : sequences) {
					closeMigration(first, second, slot(first, sequence));
				}
			}
		}
	}

	/**
	 * A cyclic sequence last reserved by an earlier version before it wrapped has no
	 * cycle key, which the reserve script names: while its slot migrates it is refused
	 * with TRYAGAIN (retried), as the README says, and served once the migration ends,
	 * which writes the key.
	 */
	@Test
	void aCyclicSequenceWithoutItsCycleKeyIsRefusedWhileItsSlotMigratesAndServedAfter() {
		RedisServerProcess first = this.firstNode.server();
		RedisServerProcess second = this.secondNode.server();
		TestCluster.form(first, second);
		RedisSegmentStore store = new RedisSegmentStore(cluster(first), KEYS, null, 1000, SequenceObserver.NONE);
		SequenceBounds cyclic = new SequenceBounds(1, 1_000_000, true);
		assertThat(store.allocate(this.sequence, 10, cyclic)).isEqualTo(new Segment(1, 11));
		first.cli("DEL", KEYS.cycle(this.sequence));
		String slot = openMigration(first, second, this.sequence);
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> store.allocate(this.sequence, 10, cyclic))
			.havingRootCause()
			.withMessageStartingWith("TRYAGAIN");
		migrateKeys(first, second, slot);
		closeMigration(first, second, slot);
		assertThat(store.allocate(this.sequence, 10, cyclic).start()).isGreaterThan(10);
		assertThat(second.cli("GET", KEYS.cycle(this.sequence)).strip()).isEqualTo("0");
	}

	private static String slot(RedisServerProcess node, String sequence) {
		return node.cli("CLUSTER", "KEYSLOT", KEYS.counter(sequence)).strip();
	}

	/**
	 * Open the migration of a sequence's slot from the first node to the second, if it is
	 * not open yet.
	 * @return the slot
	 */
	private static String openMigration(RedisServerProcess from, RedisServerProcess to, String sequence) {
		String slot = slot(from, sequence);
		to.cli("CLUSTER", "SETSLOT", slot, "IMPORTING", TestCluster.id(from));
		from.cli("CLUSTER", "SETSLOT", slot, "MIGRATING", TestCluster.id(to));
		return slot;
	}

	private static void migrateKeys(RedisServerProcess from, RedisServerProcess to, String slot) {
		List<String> keys = from.cli("CLUSTER", "GETKEYSINSLOT", slot, "100").strip().lines().toList();
		if (keys.isEmpty() || keys.get(0).isEmpty()) {
			return;
		}
		List<String> migrate = new ArrayList<>(
				List.of("MIGRATE", "127.0.0.1", Integer.toString(to.port()), "", "0", "5000", "KEYS"));
		migrate.addAll(keys);
		from.cli(migrate.toArray(String[]::new));
	}

	private static void closeMigration(RedisServerProcess from, RedisServerProcess to, String slot) {
		String toId = TestCluster.id(to);
		to.cli("CLUSTER", "SETSLOT", slot, "NODE", toId);
		from.cli("CLUSTER", "SETSLOT", slot, "NODE", toId);
	}

	private LettuceConnectionFactory cluster(RedisServerProcess node) {
		return factory(new LettuceConnectionFactory(new RedisClusterConfiguration(List.of("127.0.0.1:" + node.port())),
				client()));
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
