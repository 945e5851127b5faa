package io.github.idgen.redis;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.github.idgen.RecordingObserver;
import io.github.idgen.segment.Segment;
import io.github.idgen.test.RedisServerExtension;
import io.github.idgen.test.RedisServerProcess;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The failback of {@link RedisFailbackTest} on a Redis Cluster of the test's own: master
 * A and its replica B; instance I1 reserves IDs 1 to 100, which reach B; B loses its link
 * to A (and cannot take it up again) and takes A's slots over, as an automatic failover
 * does when A cannot be reached ({@code CLUSTER FAILOVER TAKEOVER}), while A, not yet
 * told, serves instance I2 with 101 to 200; A learns of B's promotion, turns into B's
 * replica and resyncs; then the operators fail back with {@code CLUSTER
 * FAILOVER} on A. A keeps its run id throughout; a new instance must not receive 101 to
 * 200 a second time.
 */
class RedisClusterFailbackTest {

	private static final RedisKeys KEYS = new RedisKeys("idgen-cluster-failback:");

	private static final long JUMP = 1000;

	@RegisterExtension
	final RedisServerExtension serverA = RedisServerExtension.clusterNode();

	@RegisterExtension
	final RedisServerExtension serverB = RedisServerExtension.clusterNode();

	private final RecordingObserver observer = new RecordingObserver();

	private final String sequence = uniqueName("cluster-failback");

	@Test
	void aClusterFailoverAndAFailbackAreTold() {
		RedisServerProcess a = this.serverA.server();
		RedisServerProcess b = this.serverB.server();
		TestCluster cluster = TestCluster.form(a, b);
		cluster.replicate(b, a);
		RedisSegmentStore i1 = jumping(a);
		assertThat(i1.allocate(this.sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		b.awaitReplicated(a);

		b.cli("CONFIG", "SET", "masterauth", "not-the-password");
		b.cli("CLIENT", "KILL", "TYPE", "master");
		assertThat(jumping(a).allocate(this.sequence, 100, 1)).isEqualTo(new Segment(101, 201));
		b.cli("CLUSTER", "FAILOVER", "TAKEOVER");
		TestCluster.await("B to take A's slots over", () -> "master".equals(TestCluster.role(b)));
		b.cli("CONFIG", "SET", "masterauth", "");
		assertThat(b.cli("GET", KEYS.counter(this.sequence)).strip()).as("B's counter").isEqualTo("100");

		cluster.awaitReplica(a, b);
		cluster.failOver(a);
		assertThat(a.cli("GET", KEYS.counter(this.sequence)).strip()).as("A's counter after the failback")
			.isEqualTo("100");

		Segment served = jumping(a).allocate(this.sequence, 100, 1);
		assertThat(served.start()).as("the first ID a new instance receives after the failback")
			.isBetween(100 + JUMP + 1, 100 + 2 * JUMP + 1);
	}

	private RedisSegmentStore jumping(RedisServerProcess node) {
		return new RedisSegmentStore(node.connectionFactory(), KEYS, null, JUMP, this.observer);
	}

}
