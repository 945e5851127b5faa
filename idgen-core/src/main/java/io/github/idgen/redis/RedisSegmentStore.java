package io.github.idgen.redis;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.CounterLostException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;
import io.github.idgen.SequenceObserver;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.striped.StripeStore;

/**
 * A {@link SegmentStore} that keeps its counters in Redis, through Spring Data Redis, on
 * a standalone server or a Redis Cluster.
 * <p>
 * Each sequence has a counter key {@code <prefix>{<sequence>}} (the last ID reserved, a
 * Redis integer), a guard key {@code <prefix>{<sequence>}:guard} (the highest counter
 * position known), a stamp key {@code <prefix>{<sequence>}:server} (the Redis server that
 * last reserved IDs of it and that server's clock then) and, for a cyclic sequence, a
 * cycle key {@code <prefix>{<sequence>}:cycle} (how often it wrapped), in one cluster
 * slot (see {@link RedisKeys}). A counter's position is its cycle and its value, compared
 * cycle first (0 for a sequence that never wrapped); the guard holds the value, or
 * {@code <cycle>:<value>} after a wrap. To reserve {@code step} IDs the store runs one
 * Lua script, {@code reserve.lua}, which Redis executes atomically:
 * <ol>
 * <li>Read the server's run id, replication ids and backlog state ({@code INFO server}
 * and {@code INFO replication}) and its clock. The server that last reserved IDs of the
 * counter is named by the stamp or, when there is none, by what this instance last
 * received. Unless the server serving the counter now continues that one (the same
 * process, which has been a master throughout: the same run id, and the same replication
 * id or one renewed only because a replica attached to it while it had none, see
 * {@code reserve.lua}), the counter may be behind: a restart, a failover, or a failback
 * to a former master that resynced from another in between; reply {@code CHANGED} and
 * write nothing but the guard. A replica is refused with {@code READONLY} (transient), as
 * a read-only one refuses every write, also when it accepts writes
 * ({@code replica-read-only no}): those never reach its master.</li>
 * <li>If the counter is missing and nothing is known about the sequence (no guard, and
 * this instance has received none of its IDs), create it at {@code start - 1}. Several
 * instances creating it at once are serialized by Redis: one creates it, all of them then
 * add their step to it.</li>
 * <li>If the counter is missing or behind the highest position known (the guard, this
 * instance's high-water mark and, with a floor, the floor), reply {@code LOST}, or with a
 * {@link CounterFloor} re-seed it there (see below).</li>
 * <li>Apply the bounds ({@link SequenceBounds#next}). An unbounded sequence whose counter
 * is above {@code Long.MAX_VALUE - 1 - step} is exhausted. A bounded sequence whose
 * counter has reached its max-value is exhausted if it does not cycle; if it cycles, the
 * script adds 1 to the cycle key and sets the counter back to {@code start - 1}, in the
 * same atomic step. An exhausted sequence is refused and its counter stays as it
 * was.</li>
 * <li>Add the step to the counter, or set it to the max-value where the step would pass
 * it, read the new value back with {@code GET}, write the new position to the guard and
 * the server and its clock to the stamp, and return it. The block between the old and the
 * new value goes to this caller only; in a cyclic sequence, only in this cycle.</li>
 * </ol>
 * Lua numbers are doubles, exact only up to 2^53, so the script compares and returns
 * every value as a decimal string and never converts one to a number; IDs are exact up to
 * {@code Long.MAX_VALUE - 1}. The script is loaded once and run with {@code EVALSHA}
 * ({@code EVAL} after a {@code NOSCRIPT}). The Redis user must be allowed {@code INFO}
 * and {@code TIME} besides the commands of the script; without {@code INFO} every
 * reservation is refused with a {@link io.github.idgen.BackendMisconfiguredException}
 * that says so.
 *
 * <h2>A counter that cannot be trusted</h2> Redis without persistence loses every counter
 * when it restarts, a restart from an older snapshot brings back older counters, a
 * {@code FLUSHDB} or an eviction removes keys, and a replica promoted while behind serves
 * older counters; a Redis Cluster reshard moves a counter to another process too, which
 * cannot be told from a failover. Counting on from a counter that may be behind would
 * hand out IDs a second time. Such a counter ({@code CHANGED} or {@code LOST}) is,
 * without a floor:
 * <ul>
 * <li>with a failover jump of 0, refused: {@link CounterLostException}, logged at error
 * level, reported by {@link #trippedGuards()} and sticky (the sequence is refused from
 * then on, without touching Redis, until the application restarts), and the guard raised
 * so that every other instance, new ones included, refuses it too;</li>
 * <li>with a failover jump, moved past the highest position known by the jump and as much
 * again for every minute since the counter was last reserved (by its stamp, or by this
 * instance's last IDs), on the same server only (a move names the server it expects), and
 * stamped: the first instance moves it, the others find it moved. While fewer IDs than
 * the jump are reserved per minute, every reservation lost with the counter lies within
 * the move, and a counter restored twice to the same state moves further the second time
 * (see {@link MoveDistance}: not while the server's clock is behind the time of the last
 * reservation, which refuses the move as unavailable until the clock has passed it). A
 * bounded sequence that the move would carry past its max-value is refused instead, as
 * with a jump of 0. A move is logged at warn level and told to the observer
 * ({@link SequenceObserver#counterMovedForward}).</li>
 * </ul>
 * The guard compares positions, so the wrap of a cyclic sequence, which sets its counter
 * back to its start but moves it into the next cycle, is a step forward, not a loss.
 * <p>
 * <b>The floor</b> (optional, {@link CounterFloor}, such as
 * {@link io.github.idgen.jdbc.JdbcCounterFloor}; a store with a floor serves unbounded
 * sequences only and refuses bounded and cyclic ones with
 * {@link IllegalArgumentException}). Each segment {@code (from, to]} reserved in Redis is
 * then claimed in the floor before it is handed out: the floor is raised from at most
 * {@code from} to {@code to} in one atomic write. Claims are disjoint whatever Redis
 * does, since a claim needs the floor at or below its start and leaves it at its end; so
 * with a floor no ID is handed out twice even if Redis loses, sets back or invents
 * counter values. A counter that cannot be trusted is re-seeded above the floor. A claim
 * that fails (the floor is above {@code from}: the counter is behind the floor, or a
 * concurrent segment was claimed first) skips the segment, reads the floor and asks the
 * script again with the floor as the highest value known, which re-seeds a lost counter
 * there; a few such rounds with a short random back-off, then
 * {@link BackendUnavailableException}. So with a floor, instances allocating at the same
 * moment can leave gaps between their segments. A floor that cannot be reached fails the
 * allocation with {@link BackendUnavailableException}, one that refuses for good with its
 * own exception; the segment reserved in Redis is skipped, never handed out. Each
 * allocation costs one floor write more (one database round trip per segment, not per
 * ID).
 * <p>
 * What cannot be caught without a floor: when the counter, its guard and its stamp are
 * lost together ({@code FLUSHDB}, a restart without persistence) and the first instance
 * to use the sequence afterwards has received none of its IDs, it is created anew at
 * {@code start - 1}. The floor is only as durable as its own store.
 *
 * <h2>As a stripe</h2> As a {@link StripeStore}, one stripe of a
 * {@link io.github.idgen.segment.striped.StripedSegmentStore}, the store keeps the
 * counter named {@code N} in the counter key of sequence {@code N}, so that a store that
 * served alone can become a stripe. {@link #read} is a {@code GET} of it;
 * {@link #compareAndSet} runs the script {@code compare-and-set.lua}, which compares the
 * counter with the expected value ({@code SET NX} semantics when none is expected) and
 * sets it in one atomic step, on a master only (a replica that accepts writes refuses it
 * with {@code READONLY}, as a read-only one does); {@link #readAll} runs {@code SCAN}
 * over the counter keys of the prefix (on every master of a Redis Cluster) and
 * {@code MGET}s their values, skipping every other key, such as the guards. The script
 * keeps what the guard needs: it raises the guard with every write to at least the new
 * value, so that the store's own reservations, should it serve alone again, still refuse
 * a counter that went back below a value written as a stripe; and it refuses a counter
 * that is missing while its guard exists, or behind its guard, with a
 * {@link BackendMisconfiguredException} rather than create it anew or count on from it,
 * since IDs up to the guard may have been handed out. Counters of a stripe only grow; one
 * set lower stays behind its guard and is refused from then on.
 * <p>
 * A stripe does not use the rest of the guard: the script neither checks nor writes the
 * stamp, so it does not tell a change of Redis server process (a replica promoted while
 * behind, with the counter and its guard alike), and the stamp goes on naming the server
 * of the store's own last reservation, so that such a change since then is still caught
 * if the store serves alone again; the striped store keeps, per sequence, the last ID its
 * instance handed out, which a counter that went back never passes within that instance,
 * in place of the {@link HighWaterMark}. A store with a {@link CounterFloor} is refused
 * as a stripe with a {@link BackendMisconfiguredException}: its stripe writes would not
 * be claimed in the floor, which then would no longer lie above every ID handed out.
 */
public class RedisSegmentStore implements SegmentStore, StripeStore {

	private static final Logger logger = LoggerFactory.getLogger(RedisSegmentStore.class);

	private static final int MAX_CLAIM_ATTEMPTS = 16;

	private static final long MAX_CLAIM_BACKOFF_MILLIS = 32;

	/**
	 * The keys that one {@code SCAN} call looks at, and that one {@code MGET} reads.
	 */
	private static final int SCAN_COUNT = 1000;

	private static final Pattern INTEGER = Pattern.compile("0|-?[1-9][0-9]*");

	private final StringRedisTemplate template;

	private final RedisKeys keys;

	private final ReserveScript script;

	private final CompareAndSetScript compareAndSetScript;

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
	 * @param failoverJump how far a store without a floor moves a counter forward that
	 * was last reserved on another Redis server process (a restart, a failover), at least
	 * 0; 0 refuses such a counter instead
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
		this.compareAndSetScript = new CompareAndSetScript(this.template, keys);
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
			throw new SequenceExhaustedException(sequence,
					"Sequence " + SequenceNames.quote(sequence) + " cannot reserve " + step
							+ " IDs: no counter can grow by that much without passing the largest ID "
							+ SequenceBounds.MAX_ID);
		}
		try {
			return (this.floor != null) ? allocateAboveFloor(sequence, step, bounds, mark)
					: allocateGuarded(sequence, step, bounds, mark);
		}
		catch (DataAccessException | IllegalStateException ex) {
			throw RedisFailures.translate("Could not reserve " + step + " IDs of sequence "
					+ SequenceNames.quote(sequence) + " in Redis key '" + this.keys.counter(sequence) + "'", ex);
		}
	}

	private Segment allocateGuarded(String sequence, long step, SequenceBounds bounds, HighWaterMark mark) {
		CounterPosition before = mark.get();
		ReserveScript.Result result = this.script.reserve(sequence, step, bounds, before, false, mark.server(), null);
		for (int attempt = 1; result.outcome() == ReserveScript.Outcome.CHANGED
				|| result.outcome() == ReserveScript.Outcome.LOST; attempt++) {
			result = moveForward(sequence, step, bounds, mark, before, result, attempt);
		}
		return switch (result.outcome()) {
			case RESERVED, RESEEDED -> accept(result, before, mark);
			default -> throw refused(sequence, step, bounds, result, mark);
		};
	}

	/**
	 * Answer a counter that cannot be trusted: one last reserved on another Redis server
	 * process than the one that serves it now ({@code CHANGED}), or one missing or behind
	 * the highest position known ({@code LOST}). Refuse it, or move it past the highest
	 * position known by the failover jump and as much again for every minute since its
	 * last reservation, and reserve from there, on the same server only.
	 */
	private ReserveScript.Result moveForward(String sequence, long step, SequenceBounds bounds, HighWaterMark mark,
			CounterPosition before, ReserveScript.Result untrusted, int attempt) {
		String reason = (untrusted.outcome() == ReserveScript.Outcome.CHANGED)
				? "it was last reserved on another Redis server process than the one serving it now ("
						+ untrusted.server() + "), after a restart, a failover or a failback, and may be behind; its "
						+ "counter '" + this.keys.counter(sequence) + "' is " + untrusted.describeCounter()
						+ " and the highest value known " + untrusted.position()
				: "its counter '" + this.keys.counter(sequence) + "' is " + untrusted.describeCounter()
						+ ", below the highest value known, " + untrusted.position() + " (the guard key '"
						+ this.keys.guard(sequence) + "' holds it)";
		String recovery = "To recover, set the counter above every ID handed out, then set the key '"
				+ this.keys.stamp(sequence) + "' to '" + untrusted.server() + ":" + untrusted.now()
				+ "' (the server serving it and its clock at this refusal) and restart the instances that "
				+ "refused it";
		if (this.failoverJump == 0) {
			throw mark.trip(
					reason + ". " + recovery + "; or set idgen.redis.failover-jump to move such counters " + "forward");
		}
		if (attempt > MAX_MOVE_ATTEMPTS) {
			throw new BackendUnavailableException("Could not move the counter of sequence "
					+ SequenceNames.quote(sequence) + " forward: its Redis server kept changing");
		}
		CounterPosition known = untrusted.position().max(before);
		long jump = MoveDistance.of(sequence, this.failoverJump, untrusted, mark.serverTime(),
				"to serve the sequence at once set its counter '" + this.keys.counter(sequence)
						+ "' above every ID handed out, then set the key '" + this.keys.stamp(sequence) + "' to '"
						+ untrusted.server() + ":" + untrusted.now() + "'");
		if (!bounds.cycle() && known.value() > bounds.maxValue() - jump) {
			throw mark.trip(reason + ". Moving it " + jump + " IDs forward would pass its max-value "
					+ bounds.maxValue() + " and exhaust it. " + recovery);
		}
		CounterPosition target = known.advance(jump, bounds);
		ReserveScript.Result moved = this.script.reserve(sequence, step, bounds, target, true, mark.server(),
				untrusted.server());
		if (moved.outcome() == ReserveScript.Outcome.RESEEDED) {
			logger.warn(
					"Sequence {}: {}; moved its counter from {} to {} ({} IDs: idgen.redis.failover-jump={}, and "
							+ "as much again per minute since its last reservation)",
					SequenceNames.quote(sequence), reason, known, target, jump, this.failoverJump);
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
				logger
					.warn("Counter '{}' of sequence {} was last reserved on another Redis server process than the one "
							+ "serving it now ({}), after a restart, a failover or a failback; re-seeding it above its "
							+ "floor", this.keys.counter(sequence), SequenceNames.quote(sequence), result.server());
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
				throw new BackendUnavailableException("Could not claim a segment of sequence "
						+ SequenceNames.quote(sequence) + " in its floor after " + attempt + " attempts: the floor ("
						+ knownFloor + ") kept passing the segments reserved in Redis");
			}
			backOff(sequence, attempt);
		}
	}

	private boolean claim(String sequence, long from, long to) {
		try {
			return this.floor.raise(sequence, from, to);
		}
		catch (BackendUnavailableException ex) {
			throw new BackendUnavailableException(
					"Could not raise the floor of sequence " + SequenceNames.quote(sequence) + " to " + to + "; IDs "
							+ (from + 1) + " to " + to + " are skipped: " + ex.getMessage(),
					ex);
		}
	}

	private long readFloor(String sequence) {
		try {
			return this.floor.read(sequence);
		}
		catch (BackendUnavailableException ex) {
			throw new BackendUnavailableException(
					"Could not read the floor of sequence " + SequenceNames.quote(sequence) + ": " + ex.getMessage(),
					ex);
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
					"Interrupted while claiming a segment of sequence " + SequenceNames.quote(sequence), ex);
		}
	}

	private static Segment accept(ReserveScript.Result result, CounterPosition before, HighWaterMark mark) {
		CounterPosition last = result.position();
		long from = result.previousCounter();
		mark.accept(last.cycle(), from, last.value(), before, result.server(), result.now());
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
			case CYCLED -> new BackendMisconfiguredException("Sequence " + SequenceNames.quote(sequence)
					+ " is served as a sequence that does not cycle, but its guard '" + this.keys.guard(sequence)
					+ "' holds position " + result.position() + ": it wrapped as a cyclic sequence, and its counter's "
					+ "cycle is kept only for cyclic sequences. Configure it as cyclic again, or delete its keys to "
					+ "start it anew");
			default -> new IllegalStateException(
					"Unexpected outcome " + result.outcome() + " for sequence " + SequenceNames.quote(sequence) + "");
		};
	}

	private SequenceExhaustedException exhausted(String sequence, long step, String counter) {
		return new SequenceExhaustedException(sequence,
				"Sequence " + SequenceNames.quote(sequence) + " is exhausted: its counter '"
						+ this.keys.counter(sequence) + "' is at " + counter + " and cannot grow by " + step
						+ " without passing the largest ID " + SequenceBounds.MAX_ID);
	}

	private SequenceExhaustedException boundReached(String sequence, SequenceBounds bounds, String counter) {
		return new SequenceExhaustedException(sequence,
				"Sequence " + SequenceNames.quote(sequence) + " has handed out its last ID, its max-value "
						+ bounds.maxValue() + ": its counter '" + this.keys.counter(sequence) + "' is at " + counter);
	}

	/**
	 * Return the value of a counter: a {@code GET} of its counter key.
	 * @throws IllegalArgumentException if the name is not valid or contains a brace
	 * @throws BackendMisconfiguredException if this store has a floor, or the key holds
	 * no integer
	 */
	@Override
	public OptionalLong read(String counter) {
		String key = this.keys.counter(counter);
		checkNoFloor();
		String value;
		try {
			value = this.template.opsForValue().get(key);
		}
		catch (DataAccessException ex) {
			throw RedisFailures.translate(
					"Could not read the counter " + SequenceNames.quote(counter) + " in Redis key '" + key + "'", ex);
		}
		return (value != null) ? OptionalLong.of(counterValue(key, value)) : OptionalLong.empty();
	}

	/**
	 * Set a counter if it holds the expected value, raising its guard with it.
	 * @throws IllegalArgumentException if the name is not valid or contains a brace
	 * @throws BackendMisconfiguredException if this store has a floor, or the counter is
	 * missing while its guard exists, behind its guard, or not an integer
	 */
	@Override
	public boolean compareAndSet(String counter, OptionalLong expected, long value) {
		String key = this.keys.counter(counter);
		checkNoFloor();
		String action = "Could not set the counter " + SequenceNames.quote(counter) + " in Redis key '" + key + "'";
		CompareAndSetScript.Result result;
		try {
			result = this.compareAndSetScript.compareAndSet(counter, expected, value);
		}
		catch (DataAccessException | IllegalStateException ex) {
			throw RedisFailures.translate(action, ex);
		}
		return switch (result.outcome()) {
			case SET -> true;
			case DIFFERENT -> false;
			case LOST -> throw new BackendMisconfiguredException((result.guard().indexOf(':') >= 0)
					? action + ": it is " + result.describeCounter() + " and its guard '" + this.keys.guard(counter)
							+ "' holds " + result.guard() + ", a position after a wrap: the sequence wrapped as a "
							+ "cyclic sequence, so IDs up to its max-value may have been handed out, more than once, "
							+ "while a stripe's counter never wraps. To recover, set the counter and the guard '"
							+ this.keys.guard(counter) + "' to one value above every ID handed out"
					: action + ": it is " + result.describeCounter() + ", below its guard '" + this.keys.guard(counter)
							+ "', which holds " + result.guard()
							+ ", so it was lost or set back and IDs up to the guard may have been handed out. To "
							+ "recover, set the counter to the guard's value or above");
			case INVALID -> throw new BackendMisconfiguredException(action + ": it holds '" + result.counter()
					+ "' and its guard '" + this.keys.guard(counter) + "' holds '" + result.guard()
					+ "'; each must be missing or an integer (the guard may be <cycle>:<value>)");
		};
	}

	/**
	 * Return every counter under this store's prefix: {@code SCAN} over its counter keys,
	 * on every master of a Redis Cluster, then {@code MGET} of their values. Keys that
	 * are no counter keys are skipped, such as the guards, the stamps and the keys of
	 * worker leases; so is a key deleted between the two.
	 * @throws BackendMisconfiguredException if this store has a floor, or a counter key
	 * holds no integer
	 */
	@Override
	public Map<String, Long> readAll() {
		checkNoFloor();
		String action = "Could not read the counters under the Redis key prefix '" + this.keys.prefix() + "'";
		List<String> keys;
		List<String> values = new ArrayList<>();
		try {
			keys = List.copyOf(this.template.execute(this::counterKeys, true));
			for (int from = 0; from < keys.size(); from += SCAN_COUNT) {
				values.addAll(this.template.opsForValue()
					.multiGet(keys.subList(from, Math.min(from + SCAN_COUNT, keys.size()))));
			}
		}
		catch (DataAccessException ex) {
			throw RedisFailures.translate(action, ex);
		}
		Map<String, Long> counters = new LinkedHashMap<>();
		for (int index = 0; index < keys.size(); index++) {
			String value = values.get(index);
			if (value != null) {
				counters.put(this.keys.counterName(keys.get(index)), counterValue(keys.get(index), value));
			}
		}
		return counters;
	}

	/**
	 * Return the counter keys of this store's prefix, scanned on the server, or on every
	 * master of a cluster.
	 */
	private Set<String> counterKeys(RedisConnection connection) {
		ScanOptions options = ScanOptions.scanOptions().match(this.keys.counterPattern()).count(SCAN_COUNT).build();
		Set<String> keys = new LinkedHashSet<>();
		if (connection instanceof RedisClusterConnection cluster) {
			for (RedisClusterNode node : cluster.clusterGetNodes()) {
				if (node.isMaster()) {
					collectCounterKeys(cluster.scan(node, options), keys);
				}
			}
		}
		else {
			collectCounterKeys(connection.keyCommands().scan(options), keys);
		}
		return keys;
	}

	private void collectCounterKeys(Cursor<byte[]> cursor, Set<String> keys) {
		try (cursor) {
			cursor.forEachRemaining((bytes) -> {
				String key = new String(bytes, StandardCharsets.UTF_8);
				if (this.keys.counterName(key) != null) {
					keys.add(key);
				}
			});
		}
	}

	private static long counterValue(String key, String value) {
		if (INTEGER.matcher(value).matches()) {
			BigInteger parsed = new BigInteger(value);
			if (parsed.bitLength() < Long.SIZE) {
				return parsed.longValue();
			}
		}
		throw new BackendMisconfiguredException("Redis key '" + key + "' holds '" + value
				+ "', which is no counter: a 64-bit integer in canonical decimal form");
	}

	private void checkNoFloor() {
		if (this.floor != null) {
			throw new BackendMisconfiguredException("A Redis store with a floor cannot serve as a stripe: the "
					+ "stripe's writes would not be claimed in the floor, which then would no longer lie above every "
					+ "ID handed out. Use a Redis store without a floor as a stripe");
		}
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
	 * Return the sequences whose counter-loss guard has tripped in this instance, and
	 * why. Their allocations throw {@link CounterLostException} until the application
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
