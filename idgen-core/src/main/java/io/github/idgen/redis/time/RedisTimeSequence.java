package io.github.idgen.redis.time;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.CounterLostException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.IdLimit;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceInfo;
import io.github.idgen.SequenceNames;

/**
 * A {@link Sequence} whose IDs are composed of the clock of a Redis node, a shard and a
 * sequence value that a Lua script reserves on the node: with the default
 * {@link RedisTimeLayout layout}, {@code millis << 22 | shard << 10 | sequence}, where
 * {@code millis} counts from the layout's epoch. One or more Redis nodes, independent
 * servers that share nothing, serve the sequence.
 *
 * <h2>Nodes and shards</h2> Node {@code i} of {@code n} hands out only the sequence
 * values {@code v} with {@code v % n == i}, so two nodes never hand out the same
 * millisecond, shard and sequence value, even when their clocks agree. Each instance puts
 * its configured shard into its IDs; every shard has a state key of its own on every
 * node: {@code <keyPrefix>{<sequence>}:time:<shard>}. The braces make the sequence name
 * the key's hash tag, and the script touches no key but the one it is given, so a node
 * may be a Redis Cluster.
 *
 * <h2>The script</h2> One call of the script ({@code reserve.lua} next to this class)
 * reads the state key (a hash of the last millisecond handed out and its first free slot)
 * and Redis {@code TIME}, then:
 * <ul>
 * <li>if the clock is past the last millisecond, it starts counting in the clock's
 * millisecond at slot 0;</li>
 * <li>if the clock reads the last millisecond or an earlier one (it went back), it keeps
 * counting in the last millisecond: the state never goes back, so a clock that goes back
 * never repeats an ID;</li>
 * <li>if the slots of the last millisecond are used up, it moves on to the next
 * millisecond, borrowing from the future, but only up to {@code maxAhead} beyond the
 * clock; further than that it reserves nothing and answers how far the clock is
 * behind.</li>
 * </ul>
 * It reserves as many slots of that one millisecond as are wanted and free, writes the
 * new state and returns the millisecond, the first slot and the number of slots, all
 * exact integers (Lua numbers are doubles, exact up to 2<sup>53</sup>; no value exceeds
 * that). The client composes the IDs: slot {@code s} of node {@code i} is the sequence
 * value {@code s * n + i}. The script runs with {@code EVALSHA} and is loaded again with
 * {@code EVAL} when a node answers {@code NOSCRIPT} (after a restart or
 * {@code SCRIPT FLUSH}). The state key does not expire: without it a node could not tell
 * that its clock went back. The key also records the node index, node count and layout of
 * the instances that use it, and the script refuses an instance that brings another one,
 * since two instances that number the nodes differently, or compose IDs differently,
 * would repeat IDs. Scripts that write after reading {@code TIME} need Redis 5 or later.
 * <p>
 * The Redis ID generator this mode comes from keeps a counter key per millisecond that
 * expires within milliseconds. One hash per shard replaces it here: a clock that goes
 * back to a millisecond whose counter key has expired would count that millisecond from 0
 * again, and a separate key for the last millisecond does not help once that
 * millisecond's counter has expired. The hash holds the last millisecond and its counter
 * together and never expires; it is the only key a shard has on a node.
 *
 * <h2>Trying the nodes</h2> An instance sends its calls to one node, starting with the
 * preferred node. When the node fails or does not answer (any
 * {@link DataAccessException}), it tries the next node, round robin, and stays with the
 * first that answers. When a node's clock is behind (see above), it waits for the clock
 * to catch up, at most {@code maxWait} in all, and tries the next node when that is not
 * enough. Only when every node failed does it throw: a
 * {@link ClockMovedBackwardsException} if a node's clock is further behind than
 * {@code maxAhead}, else a {@link BackendUnavailableException} naming every node and why
 * it failed. How long a failing node takes to fail is up to its connection factory:
 * configure a short command timeout, and with Lettuce
 * {@code DisconnectedBehavior.REJECT_COMMANDS}, so that commands to a node that is down
 * fail at once instead of waiting for a reconnect. A call that failed or timed out may
 * still have reserved values on its node: they are skipped, never handed out.
 *
 * <h2>Guarantees and limits</h2> IDs are unique as long as every node keeps its state
 * keys and the nodes of every instance are the same servers in the same order. A node
 * that loses its state (a restart without persistence, {@code FLUSHDB}, a failover to a
 * replica that was behind) and whose clock then reads a millisecond it had already handed
 * out can repeat IDs of that millisecond. Normally its clock is past them by then: a node
 * is at most {@code maxAhead} ahead of its clock unless its clock went back. Each
 * instance remembers the last values it received from every node and throws
 * {@link CounterLostException} rather than hand out values that do not come after them;
 * it cannot see values that the node handed to other instances. IDs of one instance
 * increase while it stays with one node; when it moves to another node they can go back
 * by the difference between the two clocks. {@link #next(int)} sorts its IDs in that
 * case.
 * <p>
 * The IDs returned are counted in a {@link LongAdder} that every caller adds to, for
 * {@link #issued()}.
 */
public final class RedisTimeSequence implements Sequence, SequenceInfo {

	private final String name;

	private final RedisTimeLayout layout;

	private final int shard;

	private final long epochMillis;

	private final RedisTimeNodes nodes;

	private final LongAdder issued = new LongAdder();

	/**
	 * Create a sequence. Nothing is sent to Redis before the first ID is asked for.
	 * @param name the sequence name, valid as {@link SequenceNames} defines it and
	 * without braces
	 * @param connectionFactories the connection factories of the nodes, at least one and
	 * at most {@code 2^sequenceBits}; every instance of the sequence must list the same
	 * nodes in the same order
	 * @param preferredNode the index of the node to try first
	 * @param settings the layout, shard, key prefix and clock bounds
	 * @throws IllegalArgumentException if an argument is not valid
	 */
	public RedisTimeSequence(String name, List<? extends RedisConnectionFactory> connectionFactories, int preferredNode,
			RedisTimeSettings settings) {
		this.name = validateName(name);
		if (settings == null) {
			throw new IllegalArgumentException("settings must not be null");
		}
		if (connectionFactories == null || connectionFactories.isEmpty()) {
			throw new IllegalArgumentException("connectionFactories must contain at least one node");
		}
		int count = connectionFactories.size();
		this.layout = settings.layout();
		if (count - 1 > this.layout.maxSequence()) {
			throw new IllegalArgumentException("connectionFactories must contain at most "
					+ (this.layout.maxSequence() + 1) + " nodes (one sequence value per node and millisecond with "
					+ this.layout.sequenceBits() + " sequence bits) but contains " + count);
		}
		if (preferredNode < 0 || preferredNode >= count) {
			throw new IllegalArgumentException(
					"preferredNode must lie within [0, " + (count - 1) + "] but was " + preferredNode);
		}
		this.shard = settings.shard();
		this.epochMillis = this.layout.epoch().toEpochMilli();
		long maxAheadMillis = settings.maxAhead().toMillis();
		String key = settings.keyPrefix() + "{" + name + "}:time:" + this.shard;
		List<RedisTimeNode> nodes = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			RedisConnectionFactory connectionFactory = connectionFactories.get(i);
			if (connectionFactory == null) {
				throw new IllegalArgumentException("connectionFactories must not contain null but has it at " + i);
			}
			nodes.add(new RedisTimeNode(name, key, i, count, this.layout, maxAheadMillis, connectionFactory));
		}
		this.nodes = new RedisTimeNodes(name, nodes, preferredNode, maxAheadMillis, settings.maxWait());
	}

	private static String validateName(String name) {
		SequenceNames.validateCounter(name);
		if (name.indexOf('{') >= 0 || name.indexOf('}') >= 0) {
			throw new IllegalArgumentException(
					"Sequence name must not contain '{' or '}', which would change the hash tag of its Redis keys: '"
							+ name + "'");
		}
		return name;
	}

	@Override
	public String name() {
		return this.name;
	}

	/**
	 * Return the end of the layout's timestamp bits.
	 */
	@Override
	public Optional<IdLimit> limit() {
		return Optional.of(IdLimit.time(this.layout.lastTime(), this.layout.timestampBits(),
				this.layout.shardBits() + this.layout.sequenceBits(), "the timestamp bits of the Redis time layout, "
						+ this.layout.timestampBits() + " bits from the epoch " + this.layout.epoch()));
	}

	/**
	 * Return the mode ({@code time}), the shard, the bit layout and the IDs issued.
	 */
	@Override
	public Map<String, Object> info() {
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("mode", "time");
		info.put("shard", this.shard);
		info.put("layout", this.layout.timestampBits() + "/" + this.layout.shardBits() + "/"
				+ this.layout.sequenceBits() + " since " + this.layout.epoch());
		info.put("issued", issued());
		return info;
	}

	@Override
	public long issued() {
		return this.issued.sum();
	}

	@Override
	public long next() {
		Reservation reservation = this.nodes.reserve(1);
		long id = this.layout.compose(timestamp(reservation), this.shard, reservation.firstSequence());
		this.issued.increment();
		return id;
	}

	@Override
	public long[] next(int count) {
		Sequence.checkBatchSize(count);
		long[] ids = new long[count];
		int filled = 0;
		boolean ascending = true;
		while (filled < count) {
			Reservation reservation = this.nodes.reserve(count - filled);
			long timestamp = timestamp(reservation);
			for (int i = 0; i < reservation.size(); i++) {
				long id = this.layout.compose(timestamp, this.shard, reservation.sequence(i));
				ascending &= (filled == 0 || id > ids[filled - 1]);
				ids[filled++] = id;
			}
		}
		if (!ascending) {
			Arrays.sort(ids);
		}
		this.issued.add(count);
		return ids;
	}

	/**
	 * Split an ID of this sequence into its fields.
	 * @param id the ID
	 * @return its time, shard and sequence value
	 * @see RedisTimeLayout#decode(long)
	 */
	public RedisTimeId decode(long id) {
		return this.layout.decode(id);
	}

	private long timestamp(Reservation reservation) {
		long timestamp = reservation.millis() - this.epochMillis;
		if (timestamp < 1 || timestamp > this.layout.maxTimestamp()) {
			String node = this.nodes.name((int) (reservation.firstSequence() % reservation.step()));
			Instant time = Instant.ofEpochMilli(reservation.millis());
			if (timestamp < 1) {
				throw new IdGenerationException(
						"Redis " + node + " of sequence " + SequenceNames.quote(this.name) + " reads its clock as "
								+ time + ", not after the epoch " + this.layout.epoch() + " of the sequence's layout");
			}
			throw new SequenceExhaustedException(this.name,
					"Sequence " + SequenceNames.quote(this.name) + " is exhausted: the " + this.layout.timestampBits()
							+ " timestamp bits of its layout end at " + this.layout.lastTime() + " but Redis " + node
							+ " reads its clock as " + time);
		}
		return timestamp;
	}

}
