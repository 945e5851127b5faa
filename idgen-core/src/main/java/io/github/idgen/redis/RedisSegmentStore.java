package io.github.idgen.redis;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.CounterLostException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;
import io.github.idgen.SequenceObserver;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;

/**
 * A {@link SegmentStore} that keeps its counters in Redis, through Spring Data Redis, on a
 * standalone server or a Redis Cluster.
 * <p>
 * Each sequence has a counter key {@code <prefix>{<sequence>}} (the last ID reserved, a
 * Redis integer), a guard key {@code <prefix>{<sequence>}:guard} (the highest counter
 * position known) and, once a cyclic sequence has wrapped, a cycle key
 * {@code <prefix>{<sequence>}:cycle} (how often it wrapped), in one cluster slot (see
 * {@link RedisKeys}). A counter's position is its cycle and its value, compared cycle
 * first (0 for a sequence that never wrapped); the guard holds the value, or
 * {@code <cycle>:<value>} after a wrap. To reserve {@code step} IDs the store runs one
 * Lua script, {@code reserve.lua}, which Redis executes atomically:
 * <ol>
 * <li>If the counter is missing and nothing is known about the sequence (no guard, and
 * this instance has received none of its IDs), create it at {@code start - 1}. Several
 * instances creating it at once are serialized by Redis: one creates it, all of them then
 * add their step to it.</li>
 * <li>If the counter is missing or behind the highest position known (the guard, this
 * instance's high-water mark and, with a floor, the floor), the counter was lost: refuse,
 * or with a {@link CounterFloor} re-seed it there (see below).</li>
 * <li>Apply the bounds ({@link SequenceBounds#next}). An unbounded sequence whose counter
 * is above {@code Long.MAX_VALUE - 1 - step} is exhausted. A bounded sequence whose
 * counter has reached its max-value is exhausted if it does not cycle; if it cycles, the
 * script adds 1 to the cycle key and sets the counter back to {@code start - 1}, in the
 * same atomic step. An exhausted sequence is refused and its counter stays as it
 * was.</li>
 * <li>Add the step to the counter, or set it to the max-value where the step would pass
 * it, read the new value back with {@code GET}, write the new position to the guard and
 * return it. The block between the old and the new value goes to this caller only; in a
 * cyclic sequence, only in this cycle.</li>
 * </ol>
 * Lua numbers are doubles, exact only up to 2^53, so the script compares and returns
 * every value as a decimal string and never converts one to a number; IDs are exact up to
 * {@code Long.MAX_VALUE - 1}. The script is loaded once and run with {@code EVALSHA}
 * ({@code EVAL} after a {@code NOSCRIPT}).
 *
 * <h2>Counter-loss guard</h2> The guard compares positions, so the wrap of a cyclic
 * sequence, which sets its counter back to its start but moves it into the next cycle, is
 * a step forward, not a loss; a counter that goes back within its cycle, or whose cycle
 * key is lost, is behind and caught as below. Redis without persistence loses every counter when it
 * restarts, a {@code FLUSHDB} or an eviction removes keys, and a replica promoted while
 * behind serves an older counter. Counting again from there would hand out IDs a second
 * time. Three mechanisms stand against that:
 * <ul>
 * <li><b>The local high-water mark.</b> Each store instance remembers the highest counter
 * position it has received per sequence and passes it to the script, which refuses a counter
 * that is missing or below it; the store also checks every returned segment against it.
 * A trip is logged at error level, throws {@link CounterLostException}, is reported by
 * {@link #trippedGuards()} and is sticky: the sequence is refused from then on, without
 * touching Redis, until the application restarts. When it trips, the script raises the
 * guard key to the mark, so that every other instance, new ones included, refuses the
 * counter too.</li>
 * <li><b>The guard key.</b> If the counter key is missing or below the guard, the script
 * refuses it rather than create it anew, so a counter that disappeared alone (deleted,
 * evicted, expired by mistake) or was set back stops every instance, new ones
 * included.</li>
 * <li><b>The floor</b> (optional, {@link CounterFloor}, such as
 * {@link io.github.idgen.jdbc.JdbcCounterFloor}; a store with a floor serves unbounded
 * sequences only and refuses bounded and cyclic ones with
 * {@link IllegalArgumentException}). Each segment {@code (from, to]} reserved
 * in Redis is then claimed in the floor before it is handed out: the floor is raised from
 * at most {@code from} to {@code to} in one atomic write. Claims are disjoint whatever
 * Redis does, since a claim needs the floor at or below its start and leaves it at its
 * end; so with a floor no ID is handed out twice even if Redis loses, sets back or
 * invents counter values. A claim that fails (the floor is above {@code from}: the counter
 * is behind the floor, or a concurrent segment was claimed first) skips the segment, reads
 * the floor and asks the script again with the floor as the highest value known, which
 * re-seeds a lost counter there; a few such rounds with a short random back-off, then
 * {@link BackendUnavailableException}. So with a floor, instances allocating at the same
 * moment can leave gaps between their segments: a claim that reaches the floor after a
 * later segment's cannot be told apart from a lost one, and is skipped. A floor that cannot be written fails the
 * allocation with {@link BackendUnavailableException}; the segment reserved in Redis is
 * skipped, never handed out. Each allocation costs one floor write more (one database
 * round trip per segment, not per ID).</li>
 * </ul>
 * What the guard cannot catch without a floor: when the counter and the guard are lost
 * together ({@code FLUSHDB}, {@code FLUSHALL}, a restart without persistence, a failover
 * to a replica that lacks both), only instances that have received IDs of the sequence
 * notice, and only if the counter comes back at or below what they saw. An instance that
 * starts afterwards, or one whose own IDs all lie below the restored counter, hands out
 * IDs from it unless an instance that noticed has tripped first (which rewrites the guard).
 * A replica promoted while a little behind is caught only if the counter it serves is below
 * a value some running instance received. With a floor, these cases are re-seeded above
 * the floor; the floor is only as durable as its own store.
 */
public class RedisSegmentStore implements SegmentStore {

	private static final Logger logger = LoggerFactory.getLogger(RedisSegmentStore.class);

	private static final int MAX_CLAIM_ATTEMPTS = 16;

	private static final long MAX_CLAIM_BACKOFF_MILLIS = 32;

	private final StringRedisTemplate template;

	private final RedisKeys keys;

	private final ReserveScript script;

	private final CounterFloor floor;

	private static final int MAX_MOVE_ATTEMPTS = 4;

	private final ConcurrentMap<String, HighWaterMark> marks = new ConcurrentHashMap<>();

	private final long failoverJump;

	private final SequenceObserver observer;

	/**
	 * Create a store without a floor that refuses a counter last reserved on another
	 * server.
	 * @param connectionFactory the connection factory, standalone or cluster
	 * @param keys the keys of the sequences
	 */
	public RedisSegmentStore(RedisConnectionFactory connectionFactory, RedisKeys keys) {
		this(connectionFactory, keys, null);
	}

	/**
	 * Create a store that, without a floor, refuses a counter last reserved on another
	 * server.
	 * @param connectionFactory the connection factory, standalone or cluster
	 * @param keys the keys of the sequences
	 * @param floor the durable floor that every segment is claimed in and that lost
	 * counters are re-seeded above, or {@code null} for none
	 */
	public RedisSegmentStore(RedisConnectionFactory connectionFactory, RedisKeys keys, CounterFloor floor) {
		this(connectionFactory, keys, floor, 0, SequenceObserver.NONE);
	}

	/**
	 * Create a store.
	 * @param connectionFactory the connection factory, standalone or cluster
	 * @param keys the keys of the sequences
	 * @param floor the durable floor that every segment is claimed in and that lost
	 * counters are re-seeded above, or {@code null} for none
	 * @param failoverJump how far a store without a floor moves a counter forward that was
	 * last reserved on another Redis server process (a restart, a failover), at least 0;
	 * 0 refuses such a counter instead
	 * @param observer hears of every counter moved forward
	 */
	public RedisSegmentStore(RedisConnectionFactory connectionFactory, RedisKeys keys, CounterFloor floor,
			long failoverJump, SequenceObserver observer) {
		Objects.requireNonNull(connectionFactory, "RedisConnectionFactory must not be null");
		if (failoverJump < 0) {
			throw new IllegalArgumentException("failoverJump must not be negative but was " + failoverJump);
		}
		this.keys = Objects.requireNonNull(keys, "RedisKeys must not be null");
		this.template = new StringRedisTemplate(connectionFactory);
		this.script = new ReserveScript(this.template, keys);
		this.floor = floor;
		this.failoverJump = failoverJump;
		this.observer = SequenceObserver.guarded(observer);
	}

	/**
	 * Reserve the next {@code step} IDs of a sequence, within its bounds.
	 * @throws IllegalArgumentException if this store has a floor and the bounds set a
	 * max-value or cycling: the floor of a sequence is a single value that only grows, so
	 * it can neither follow a counter that wraps nor tell a segment cut at the max-value
	 * from a lost one; a store with a floor serves unbounded sequences only
	 */
	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		RedisKeys.validateSequence(sequence);
		if (step < 1) {
			throw new IllegalArgumentException("Step must be at least 1 but was " + step);
		}
		if (this.floor != null && bounds.isBounded()) {
			throw new IllegalArgumentException("A Redis store with a floor does not serve bounded or cyclic "
					+ "sequences, such as " + SequenceNames.quote(sequence) + " with " + bounds);
		}
		HighWaterMark mark = this.marks.computeIfAbsent(sequence,
				(name) -> new HighWaterMark(name, this.keys.counter(name)));
		mark.checkIntact();
		if (!bounds.isBounded() && step > SequenceBounds.MAX_ID) {
			throw new SequenceExhaustedException(sequence, "Sequence " + SequenceNames.quote(sequence) + " cannot reserve " + step
					+ " IDs: no counter can grow by that much without passing the largest ID " + SequenceBounds.MAX_ID);
		}
		try {
			return (this.floor != null) ? allocateAboveFloor(sequence, step, bounds, mark)
					: allocateGuarded(sequence, step, bounds, mark);
		}
		catch (DataAccessException ex) {
			throw RedisFailures.translate("Could not reserve " + step + " IDs of sequence " + SequenceNames.quote(sequence)
					+ " in Redis key '" + this.keys.counter(sequence) + "'", ex);
		}
	}

	private Segment allocateGuarded(String sequence, long step, SequenceBounds bounds, HighWaterMark mark) {
		CounterPosition before = mark.get();
		ReserveScript.Result result = this.script.reserve(sequence, step, bounds, before, false, mark.server(), null);
		for (int attempt = 1; result.outcome() == ReserveScript.Outcome.CHANGED; attempt++) {
			result = moveForward(sequence, step, bounds, mark, before, result, attempt);
		}
		return switch (result.outcome()) {
			case RESERVED, RESEEDED -> accept(result, before, mark);
			case LOST -> throw mark.trip("its counter '" + this.keys.counter(sequence) + "' is "
					+ result.describeCounter() + ", below the highest value known, " + result.position()
					+ " (the guard key '" + this.keys.guard(sequence) + "' now holds it)");
			default -> throw refused(sequence, step, bounds, result, mark);
		};
	}

	/**
	 * Answer a counter last reserved on another Redis server process than the one that
	 * serves it now: refuse it, or move it the failover jump past the highest position
	 * known and reserve from there, on the same server only.
	 */
	private ReserveScript.Result moveForward(String sequence, long step, SequenceBounds bounds, HighWaterMark mark,
			CounterPosition before, ReserveScript.Result changed, int attempt) {
		String reason = "it was last reserved on another Redis server process than the one serving it now (run id "
				+ changed.server() + "), after a restart or a failover, and may be behind";
		if (this.failoverJump == 0) {
			throw mark.trip(reason + "; its counter is " + changed.describeCounter() + " and the highest value known "
					+ changed.position());
		}
		if (attempt > MAX_MOVE_ATTEMPTS) {
			throw new BackendUnavailableException("Could not move the counter of sequence "
					+ SequenceNames.quote(sequence) + " forward: its Redis server kept changing");
		}
		CounterPosition known = changed.position().max(before);
		CounterPosition target = known.advance(this.failoverJump, bounds);
		ReserveScript.Result moved = this.script.reserve(sequence, step, bounds, target, true, mark.server(),
				changed.server());
		if (moved.outcome() == ReserveScript.Outcome.RESEEDED) {
			logger.warn("Counter '{}' of sequence {}: {}; moved it from {} to {} (idgen.redis.failover-jump={})",
					this.keys.counter(sequence), SequenceNames.quote(sequence), reason, known, target,
					this.failoverJump);
			this.observer.counterMovedForward(sequence, known.value(), target.value());
		}
		return moved;
	}

	private Segment allocateAboveFloor(String sequence, long step, SequenceBounds bounds, HighWaterMark mark) {
		long knownFloor = 0;
		String movingForwardOn = null;
		for (int attempt = 1;; attempt++) {
			CounterPosition before = mark.get();
			CounterPosition known = new CounterPosition(before.cycle(), Math.max(before.value(), knownFloor));
			ReserveScript.Result result = this.script.reserve(sequence, step, bounds, known, true, mark.server(),
					movingForwardOn);
			if (result.outcome() == ReserveScript.Outcome.CHANGED) {
				logger.warn("Counter '{}' of sequence {} was last reserved on another Redis server process than the one "
						+ "serving it now (run id {}), after a restart or a failover; re-seeding it above its floor",
						this.keys.counter(sequence), SequenceNames.quote(sequence), result.server());
				movingForwardOn = result.server();
				knownFloor = readFloor(sequence);
			}
			else {
				if (result.outcome() != ReserveScript.Outcome.RESERVED
						&& result.outcome() != ReserveScript.Outcome.RESEEDED) {
					throw refused(sequence, step, bounds, result, mark);
				}
				long from = result.previousCounter();
				if (result.outcome() == ReserveScript.Outcome.RESEEDED) {
					logger.warn("Counter '{}' of sequence {} was {}, below the highest value known; re-seeded at {}",
							this.keys.counter(sequence), SequenceNames.quote(sequence), result.describeCounter(), from);
					this.observer.counterMovedForward(sequence, result.counterValue(), from);
				}
				if (claim(sequence, from, result.newCounter())) {
					return accept(result, before, mark);
				}
				knownFloor = readFloor(sequence);
			}
			if (attempt == MAX_CLAIM_ATTEMPTS) {
				throw new BackendUnavailableException("Could not claim a segment of sequence " + SequenceNames.quote(sequence)
						+ " in its floor after " + attempt + " attempts: the floor (" + knownFloor
						+ ") kept passing the segments reserved in Redis");
			}
			backOff(sequence, attempt);
		}
	}

	private boolean claim(String sequence, long from, long to) {
		try {
			return this.floor.raise(sequence, from, to);
		}
		catch (RuntimeException ex) {
			throw new BackendUnavailableException("Could not raise the floor of sequence " + SequenceNames.quote(sequence) + " to " + to
					+ "; IDs " + (from + 1) + " to " + to + " are skipped: " + ex.getMessage(), ex);
		}
	}

	private long readFloor(String sequence) {
		try {
			return this.floor.read(sequence);
		}
		catch (RuntimeException ex) {
			throw new BackendUnavailableException(
					"Could not read the floor of sequence " + SequenceNames.quote(sequence) + ": " + ex.getMessage(), ex);
		}
	}

	private static void backOff(String sequence, int attempt) {
		long bound = Math.min(1L << attempt, MAX_CLAIM_BACKOFF_MILLIS);
		try {
			TimeUnit.MILLISECONDS.sleep(ThreadLocalRandom.current().nextLong(1, bound + 1));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BackendUnavailableException(
					"Interrupted while claiming a segment of sequence " + SequenceNames.quote(sequence) + "", ex);
		}
	}

	private static Segment accept(ReserveScript.Result result, CounterPosition before, HighWaterMark mark) {
		CounterPosition last = result.position();
		long from = result.previousCounter();
		mark.accept(last.cycle(), from, last.value(), before, result.server());
		return new Segment(from + 1, last.value() + 1);
	}

	private RuntimeException refused(String sequence, long step, SequenceBounds bounds, ReserveScript.Result result,
			HighWaterMark mark) {
		return switch (result.outcome()) {
			case EXHAUSTED -> bounds.isBounded() ? boundReached(sequence, bounds, result.value())
					: exhausted(sequence, step, result.value());
			case INVALID -> mark.trip("its counter '" + this.keys.counter(sequence) + "' holds '" + result.counter()
					+ "', its cycle '" + this.keys.cycle(sequence) + "' holds '" + result.counterCycle()
					+ "' and its guard '" + this.keys.guard(sequence) + "' holds '" + result.value()
					+ "'; each must be missing or a non-negative integer (the guard may be <cycle>:<value>)");
			default -> new IllegalStateException(
					"Unexpected outcome " + result.outcome() + " for sequence " + SequenceNames.quote(sequence) + "");
		};
	}

	private SequenceExhaustedException exhausted(String sequence, long step, String counter) {
		return new SequenceExhaustedException(sequence,
				"Sequence " + SequenceNames.quote(sequence) + " is exhausted: its counter '" + this.keys.counter(sequence) + "' is at "
						+ counter + " and cannot grow by " + step + " without passing the largest ID " + SequenceBounds.MAX_ID);
	}

	private SequenceExhaustedException boundReached(String sequence, SequenceBounds bounds, String counter) {
		return new SequenceExhaustedException(sequence,
				"Sequence " + SequenceNames.quote(sequence) + " has handed out its last ID, its max-value " + bounds.maxValue()
						+ ": its counter '" + this.keys.counter(sequence) + "' is at " + counter);
	}

	@Override
	public void checkAvailable() {
		String reply;
		try {
			reply = this.template.execute((connection) -> connection.ping(), true);
		}
		catch (DataAccessException ex) {
			throw new BackendUnavailableException("Redis is not available: " + FailureDescriptions.describe(ex), ex);
		}
		if (!"PONG".equalsIgnoreCase(reply)) {
			throw new BackendUnavailableException("Redis answered PING with '" + reply + "'");
		}
	}

	/**
	 * Return the sequences whose counter-loss guard has tripped in this instance, and why.
	 * Their allocations throw {@link CounterLostException} until the application
	 * restarts.
	 * @return the reason per sequence name, empty if no guard has tripped
	 */
	public Map<String, String> trippedGuards() {
		Map<String, String> tripped = new TreeMap<>();
		this.marks.forEach((sequence, mark) -> {
			String reason = mark.trippedReason();
			if (reason != null) {
				tripped.put(sequence, reason);
			}
		});
		return Collections.unmodifiableMap(tripped);
	}

	/**
	 * Return the highest ID of a sequence this store has received.
	 * @param sequence the sequence name
	 * @return the highest ID (in the latest cycle of a cyclic sequence), 0 if none
	 */
	public long highestReceived(String sequence) {
		HighWaterMark mark = this.marks.get(sequence);
		return (mark != null) ? mark.get().value() : 0;
	}

	/**
	 * Return whether this store claims every segment in a durable floor.
	 * @return whether it has a {@link CounterFloor}
	 */
	public boolean hasFloor() {
		return this.floor != null;
	}

}
