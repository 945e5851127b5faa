package io.github.idgen.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.github.idgen.test.RedisServerProcess;

/**
 * A Redis Cluster that a test builds from cluster nodes of its own
 * ({@link RedisServerProcess#startClusterNode()}) with {@code redis-cli}, as an operator
 * would: the first node serves every slot, the others join it.
 */
final class TestCluster {

	private static final long TIMEOUT_MILLIS = 15_000;

	/**
	 * A little more than the 5 s after which Redis gives a manual failover up.
	 */
	private static final long MANUAL_FAILOVER_TIMEOUT_MILLIS = 6_000;

	private final List<RedisServerProcess> nodes;

	private TestCluster(List<RedisServerProcess> nodes) {
		this.nodes = nodes;
	}

	/**
	 * Form a cluster: the first node takes every slot, the others meet it as masters
	 * without slots.
	 * @param first the node that serves every slot
	 * @param others the nodes that join it
	 * @return the cluster, once every node knows every other and the cluster is up
	 */
	static TestCluster form(RedisServerProcess first, RedisServerProcess... others) {
		List<RedisServerProcess> nodes = new ArrayList<>(List.of(first));
		nodes.addAll(List.of(others));
		first.cli("CLUSTER", "ADDSLOTSRANGE", "0", "16383");
		for (RedisServerProcess other : others) {
			first.cli("CLUSTER", "MEET", "127.0.0.1", Integer.toString(other.port()));
		}
		TestCluster cluster = new TestCluster(nodes);
		await("the cluster up with " + nodes.size() + " nodes",
				() -> nodes.stream()
					.map((node) -> node.cli("CLUSTER", "INFO"))
					.allMatch((info) -> info.contains("cluster_state:ok")
							&& info.contains("cluster_known_nodes:" + nodes.size())));
		return cluster;
	}

	/**
	 * Make a node a replica of another and wait until it has every write the other has.
	 * @param replica the node to turn into a replica, a master without slots
	 * @param master the node it replicates
	 */
	void replicate(RedisServerProcess replica, RedisServerProcess master) {
		replica.cli("CLUSTER", "REPLICATE", id(master));
		awaitReplica(replica, master);
	}

	/**
	 * Wait until a node is a replica of another, has every write the other has, and every
	 * node of the cluster knows it as that replica (a manual failover needs its master to
	 * know it).
	 * @param replica the replica
	 * @param master its master
	 */
	void awaitReplica(RedisServerProcess replica, RedisServerProcess master) {
		String replicaId = id(replica);
		String masterId = id(master);
		await("the replica to take up replication", () -> "slave".equals(role(replica)));
		replica.awaitReplicated(master);
		await("every node to see the replica",
				() -> this.nodes.stream()
					.allMatch((node) -> node.cli("CLUSTER", "NODES")
						.lines()
						.anyMatch((line) -> line.startsWith(replicaId) && line.contains("slave " + masterId))));
	}

	/**
	 * Fail over to a replica as an operator does, with {@code CLUSTER FAILOVER}, which
	 * waits until the replica has every write of its master, and wait until it serves its
	 * master's slots. The replica's request reaches its master over the cluster bus and
	 * is dropped when the link is being set up again at that moment, which happens after
	 * a role change; the failover then times out after 5 s and is asked for again, at
	 * most three times.
	 * @param replica the replica to promote
	 */
	void failOver(RedisServerProcess replica) {
		for (int attempt = 1;; attempt++) {
			String reply = replica.cli("CLUSTER", "FAILOVER").strip();
			if (!"OK".equals(reply)) {
				throw new IllegalStateException("CLUSTER FAILOVER refused: " + reply);
			}
			try {
				await("the replica to serve its master's slots", MANUAL_FAILOVER_TIMEOUT_MILLIS,
						() -> "master".equals(role(replica)));
				return;
			}
			catch (IllegalStateException ex) {
				if (attempt == 3) {
					throw ex;
				}
			}
		}
	}

	/**
	 * Return the id of a node.
	 * @param node a node of the cluster
	 * @return its node id
	 */
	static String id(RedisServerProcess node) {
		return node.cli("CLUSTER", "MYID").strip();
	}

	/**
	 * Return the role of a node, as {@code ROLE} names it.
	 * @param node a node
	 * @return {@code master} or {@code slave}
	 */
	static String role(RedisServerProcess node) {
		return node.cli("ROLE").lines().findFirst().orElse("").strip();
	}

	/**
	 * Wait until a condition holds.
	 * @param what what is waited for, for the failure message
	 * @param condition the condition
	 * @throws IllegalStateException if it does not hold within 15 s
	 */
	static void await(String what, BooleanSupplier condition) {
		await(what, TIMEOUT_MILLIS, condition);
	}

	private static void await(String what, long timeoutMillis, BooleanSupplier condition) {
		long deadline = System.currentTimeMillis() + timeoutMillis;
		while (!condition.getAsBoolean()) {
			if (System.currentTimeMillis() > deadline) {
				throw new IllegalStateException("Gave up waiting for " + what);
			}
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while waiting for " + what, ex);
			}
		}
	}

}
