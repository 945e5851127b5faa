package io.github.idgen.redis;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.LongAdder;

import org.springframework.data.redis.connection.RedisConnectionFactory;

import io.github.idgen.CounterLostException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceInfo;
import io.github.idgen.segment.SequenceBounds;

/**
 * A {@link Sequence} that takes every ID from Redis: each {@link #next()} gets one ID of
 * the counter key {@code <prefix>{<sequence>}} reserved for it, each {@link #next(int)} a
 * block of {@code count}, through the {@link RedisSegmentStore}'s script. IDs are
 * strictly sequential across every instance sharing the counter, at the cost of waiting
 * for a Redis round trip per call (the {@code increment} mode).
 * <p>
 * Concurrent callers of one instance are combined ({@link ReservationCombiner}): while a
 * reservation is in flight, the callers that arrive queue up, and the next reservation
 * takes all their IDs at once ({@code INCRBY k} for {@code k} IDs) and hands them out in
 * the order the callers joined the queue. A caller alone reserves at once. So the IDs of
 * calls that do not overlap in time increase in the order of the calls, across every
 * instance, and one reservation serves as many calls as were waiting for it. A caller
 * that waits longer than the wait timeout for a reservation another caller runs gets
 * {@link io.github.idgen.BackendUnavailableException}; its ID stays unused if that
 * reservation had taken it already.
 * <p>
 * Every reservation is one script run, not a bare {@code INCRBY}, so that increment mode
 * has every check of segment mode on every ID: the counter is created at
 * {@code start - 1} race-safely, never created anew once its guard key exists, refused if
 * it is behind the highest ID this instance received, and not trusted if it was last
 * served by another Redis server process (a promoted replica, a restarted server): the
 * store then refuses it or moves it forward by its failover jump (see
 * {@link RedisSegmentStore}). The store given must have no floor: a floor write per
 * reservation would cost a database round trip per call. The script runs on a connection
 * taken from the factory and closed right away; with Spring's
 * {@code LettuceConnectionFactory} and its default of sharing the native connection, the
 * reservations of different sequences share one connection and are pipelined.
 * <p>
 * The largest ID is {@code Long.MAX_VALUE - 1}; past it, calls throw
 * {@link SequenceExhaustedException}.
 * <p>
 * The IDs returned are counted in a {@link LongAdder} that every caller adds to after
 * Redis answered, for {@link #issued()}.
 */
public class RedisIncrementSequence implements Sequence, SequenceInfo {

	/**
	 * How long a caller waits for a reservation run by another caller by default: as long
	 * as a segment-mode caller waits for a segment.
	 */
	public static final Duration DEFAULT_WAIT_TIMEOUT = Duration.ofSeconds(3);

	private final String name;

	private final SequenceBounds bounds;

	private final RedisSegmentStore store;

	private final LongAdder issued = new LongAdder();

	private final ReservationCombiner combiner;

	/**
	 * Create a sequence over a store of its own, without a floor, that refuses a counter
	 * last served by another server. Redis is not contacted before the first ID is asked
	 * for.
	 * @param connectionFactory the connection factory, standalone or cluster
	 * @param keys the keys of the sequences
	 * @param name the sequence name, valid as {@link RedisKeys} defines it
	 * @param start the first ID of the sequence, used if its counter does not exist yet,
	 * at least 1
	 */
	public RedisIncrementSequence(RedisConnectionFactory connectionFactory, RedisKeys keys, String name, long start) {
		this(new RedisSegmentStore(connectionFactory, keys), name, start);
	}

	/**
	 * Create a sequence whose callers wait at most {@link #DEFAULT_WAIT_TIMEOUT} for a
	 * reservation that another caller runs. Redis is not contacted before the first ID is
	 * asked for.
	 * @param store the store, without a floor; it may serve other sequences too
	 * @param name the sequence name, valid as {@link RedisKeys} defines it
	 * @param start the first ID of the sequence, used if its counter does not exist yet,
	 * at least 1
	 */
	public RedisIncrementSequence(RedisSegmentStore store, String name, long start) {
		this(store, name, start, DEFAULT_WAIT_TIMEOUT);
	}

	/**
	 * Create a sequence whose IDs a store reserves for the callers waiting at the time.
	 * Redis is not contacted before the first ID is asked for.
	 * @param store the store, without a floor; it may serve other sequences too
	 * @param name the sequence name, valid as {@link RedisKeys} defines it
	 * @param start the first ID of the sequence, used if its counter does not exist yet,
	 * at least 1
	 * @param waitTimeout how long a caller waits for a reservation that another caller
	 * runs, positive; a caller that runs the reservation itself waits as long as the
	 * Redis client lets it
	 */
	public RedisIncrementSequence(RedisSegmentStore store, String name, long start, Duration waitTimeout) {
		this.store = Objects.requireNonNull(store, "RedisSegmentStore must not be null");
		if (store.hasFloor()) {
			throw new IllegalArgumentException(
					"An increment sequence needs a store without a floor, whose writes would "
							+ "cost a database round trip per ID");
		}
		this.name = RedisKeys.validateSequence(name);
		if (start < 1) {
			throw new IllegalArgumentException("Start must be at least 1 but was " + start);
		}
		this.bounds = SequenceBounds.startingAt(start);
		this.combiner = new ReservationCombiner(this.name,
				(count) -> this.store.allocate(this.name, count, this.bounds), waitTimeout);
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public long next() {
		long id = this.combiner.take(1);
		this.issued.increment();
		return id;
	}

	@Override
	public long[] next(int count) {
		Sequence.checkBatchSize(count);
		long first = this.combiner.take(count);
		this.issued.add(count);
		long[] ids = new long[count];
		for (int i = 0; i < count; i++) {
			ids[i] = first + i;
		}
		return ids;
	}

	@Override
	public long issued() {
		return this.issued.sum();
	}

	/**
	 * Return the mode ({@code increment}), the highest ID this instance has received, the
	 * IDs issued, the reservations run for them (fewer where concurrent callers were
	 * combined) and, once the counter-loss guard has tripped, why.
	 */
	@Override
	public Map<String, Object> info() {
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("mode", "increment");
		info.put("highestId", this.store.highestReceived(this.name));
		info.put("issued", issued());
		info.put("reservations", this.combiner.reservations());
		trippedGuard().ifPresent((reason) -> info.put("trippedGuard", reason));
		return info;
	}

	/**
	 * Return the highest ID this instance received from Redis, empty before the first.
	 */
	@Override
	public OptionalLong position() {
		long highest = this.store.highestReceived(this.name);
		return (highest > 0) ? OptionalLong.of(highest) : OptionalLong.empty();
	}

	/**
	 * Return why the counter-loss guard of this sequence has tripped in this instance.
	 * Once tripped, every call throws {@link CounterLostException} until the application
	 * restarts.
	 * @return the reason, empty if the guard has not tripped
	 */
	public Optional<String> trippedGuard() {
		return Optional.ofNullable(this.store.trippedGuards().get(this.name));
	}

}
