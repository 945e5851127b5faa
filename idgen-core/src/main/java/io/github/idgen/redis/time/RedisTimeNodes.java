package io.github.idgen.redis.time;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.SequenceNames;

/**
 * The Redis nodes of one {@link RedisTimeSequence} instance, and the order in which it
 * tries them.
 * <p>
 * Calls go to the current node, at first the preferred one. When it fails or does not
 * answer (any {@link DataAccessException}), the next node is tried, round robin, and the
 * first that answers becomes the current node. When a node's clock is behind (a
 * {@link ClockBehindException}), the caller sleeps until the clock should have caught up
 * and tries the same node again, as long as its time waited in all stays within
 * {@code maxWait}; beyond that it tries the next node. A failed call may still have
 * reserved values on its node: they are skipped, never handed out.
 */
final class RedisTimeNodes {

	private static final Logger logger = LoggerFactory.getLogger(RedisTimeNodes.class);

	private final String sequence;

	private final List<RedisTimeNode> nodes;

	private final long maxAheadMillis;

	private final long maxWaitNanos;

	private volatile int current;

	/**
	 * Create the nodes of a sequence instance.
	 * @param sequence the name of the sequence
	 * @param nodes the nodes, in the order of their indexes
	 * @param preferredNode the index of the node to try first
	 * @param maxAheadMillis how many milliseconds a node may run ahead of its clock
	 * @param maxWait how long a caller waits, at most, for a node's clock to catch up
	 */
	RedisTimeNodes(String sequence, List<RedisTimeNode> nodes, int preferredNode, long maxAheadMillis,
			Duration maxWait) {
		this.sequence = sequence;
		this.nodes = List.copyOf(nodes);
		this.current = preferredNode;
		this.maxAheadMillis = maxAheadMillis;
		this.maxWaitNanos = maxWait.toNanos();
	}

	/**
	 * Return the name of a node for messages.
	 * @param index the index of the node
	 * @return the node's name
	 */
	String name(int index) {
		return this.nodes.get(index).name();
	}

	/**
	 * Reserve up to {@code wanted} sequence values of one millisecond on the current
	 * node, or on the next that answers.
	 * @param wanted the number of values wanted, at least 1
	 * @return the reserved values, at least one
	 * @throws ClockMovedBackwardsException if no node could reserve and the clock of one
	 * is further behind than {@code maxAhead}
	 * @throws BackendUnavailableException if no node could reserve for another reason,
	 * naming every node and why
	 */
	Reservation reserve(int wanted) {
		long deadline = System.nanoTime() + this.maxWaitNanos;
		int start = this.current;
		List<String> failures = new ArrayList<>(this.nodes.size());
		DataAccessException firstFailure = null;
		long smallestBehind = Long.MAX_VALUE;
		for (int k = 0; k < this.nodes.size(); k++) {
			int index = (start + k) % this.nodes.size();
			RedisTimeNode node = this.nodes.get(index);
			try {
				Reservation reservation = reserveOn(node, wanted, deadline);
				if (index != start) {
					this.current = index;
					logger.warn("Sequence '{}' moved to Redis {}: {}", this.sequence, node.name(), failures);
				}
				return reservation;
			}
			catch (DataAccessException ex) {
				failures.add(node.name() + ": " + FailureDescriptions.describe(ex));
				if (firstFailure == null) {
					firstFailure = ex;
				}
				else {
					firstFailure.addSuppressed(ex);
				}
			}
			catch (ClockBehindException ex) {
				failures.add(node.name() + ": " + ex.getMessage());
				smallestBehind = Math.min(smallestBehind, ex.behindMillis());
			}
		}
		if (smallestBehind != Long.MAX_VALUE && smallestBehind > this.maxAheadMillis) {
			throw new ClockMovedBackwardsException(Duration.ofMillis(smallestBehind),
					"Sequence " + SequenceNames.quote(this.sequence)
							+ " could not reserve IDs on any of its Redis nodes within "
							+ Duration.ofNanos(this.maxWaitNanos) + ": " + String.join("; ", failures));
		}
		throw new BackendUnavailableException("Sequence " + SequenceNames.quote(this.sequence)
				+ " could not reserve IDs on any of its Redis nodes: " + String.join("; ", failures), firstFailure);
	}

	private Reservation reserveOn(RedisTimeNode node, int wanted, long deadline) {
		for (;;) {
			try {
				return node.reserve(wanted);
			}
			catch (ClockBehindException ex) {
				long waitMillis = ex.behindMillis() + 1 - this.maxAheadMillis;
				if (TimeUnit.MILLISECONDS.toNanos(waitMillis) > deadline - System.nanoTime()) {
					throw ex;
				}
				sleep(waitMillis, node);
			}
		}
	}

	private void sleep(long millis, RedisTimeNode node) {
		try {
			TimeUnit.MILLISECONDS.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BackendUnavailableException("Interrupted while sequence " + SequenceNames.quote(this.sequence)
					+ " waited for the clock of Redis " + node.name() + " to catch up", ex);
		}
	}

}
