package io.github.idgen.snowflake;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceObserver;
import io.github.idgen.worker.WorkerId;

/**
 * Generates the Snowflake IDs of one worker: each ID is composed, as its
 * {@link BitLayout} defines, of the current millisecond, the generator's {@link WorkerId}
 * and a sequence value that tells the IDs of one millisecond apart.
 * <p>
 * One generator serves every sequence name of its worker: all of them share one ID space,
 * so an ID is unique across every name, and the IDs of one name have gaps where the other
 * names took theirs. That is what users of Snowflake IDs expect. Create one generator per
 * worker ID and share it; two generators with the same worker ID, layout and epoch can
 * issue the same IDs.
 *
 * <h2>Guarantees</h2> The IDs of a generator strictly increase in the order in which they
 * are issued and never repeat. The generator is thread-safe and lock-free: it keeps the
 * millisecond and sequence value of the last ID in one {@link AtomicLong} and moves it
 * forward with a compare-and-set, reading the clock once per attempt; it allocates
 * nothing per ID.
 *
 * <h2>Sequence values</h2> A new millisecond starts its sequence at a random offset in
 * {@code [0, 2^offsetBits)}, where {@code offsetBits = max(min(1, sequenceBits - 1),
 * sequenceBits - 4)}: with 5 or more sequence bits the offset takes at most 1/16 of the
 * sequence (below 256 of 4096 values with 12 bits, below 8 of 128 with 7), with 2 to 4
 * bits it is 0 or 1, with 1 bit it is 0. So IDs issued at low traffic, one per
 * millisecond, are not all even. A millisecond that follows one whose sequence ran out
 * starts at 0 instead: its traffic fills milliseconds anyway, and the offset would cost
 * throughput. When the sequence of the current millisecond runs out, the caller waits for
 * the next millisecond, spinning briefly and then parking; an ID is never borrowed from a
 * millisecond the clock has not reached.
 *
 * <h2>Clock</h2> When the clock reads a millisecond before that of the last ID, the
 * caller waits until it reaches that millisecond again, as long as the clock is behind by
 * at most {@code maxBackwardWait}; further behind, it throws a
 * {@link ClockMovedBackwardsException} with the size of the jump. Once the clock is past
 * {@link BitLayout#lastTime()} the timestamp bits have run out and every call throws an
 * {@link IdGenerationException}: an ID never wraps around. The same happens when the
 * clock reads a time before the layout's epoch. Every call that finds the clock behind
 * tells the {@link SequenceObserver} once, by how much, whether it waits or throws.
 */
public final class SnowflakeGenerator implements SnowflakeWorker {

	/**
	 * The default {@code maxBackwardWait}: 5 milliseconds.
	 */
	public static final Duration DEFAULT_MAX_BACKWARD_WAIT = Duration.ofMillis(5);

	private static final int SPIN_WAITS = 1_000;

	private static final long PARK_NANOS = 50_000;

	private final BitLayout layout;

	private final WorkerId workerId;

	private final Clock clock;

	private final Duration maxBackwardWait;

	private final long maxBackwardMillis;

	private final long epochMillis;

	private final long maxTimestamp;

	private final int sequenceBits;

	private final long maxSequence;

	private final int timestampShift;

	private final long nodeBits;

	private final long offsetBound;

	private final SequenceObserver observer;

	/**
	 * The millisecond since the epoch of the last ID, shifted left by the sequence bits,
	 * with its sequence value in the low bits.
	 */
	private final AtomicLong state;

	/**
	 * Create a generator that reads the system clock and waits out a backward jump of the
	 * clock of up to {@link #DEFAULT_MAX_BACKWARD_WAIT}.
	 * @param layout the layout of the IDs
	 * @param workerId the worker ID, which must fit the layout
	 * @throws IllegalArgumentException if an argument is not valid
	 */
	public SnowflakeGenerator(BitLayout layout, WorkerId workerId) {
		this(layout, workerId, Clock.systemUTC(), DEFAULT_MAX_BACKWARD_WAIT, SequenceObserver.NONE);
	}

	/**
	 * Create a generator that tells an observer when the clock moves backwards.
	 * @param layout the layout of the IDs
	 * @param workerId the worker ID, which must fit the layout
	 * @param clock the clock whose milliseconds the IDs hold
	 * @param maxBackwardWait how far the clock may move backwards and still be waited out
	 * @param observer hears of every call that finds the clock behind
	 * @throws IllegalArgumentException if an argument is not valid
	 */
	public SnowflakeGenerator(BitLayout layout, WorkerId workerId, Clock clock, Duration maxBackwardWait,
			SequenceObserver observer) {
		this(layout, workerId, clock, maxBackwardWait, observer, 0);
	}

	/**
	 * Create a generator for a worker ID that earlier owners used: it issues no ID at or
	 * before the last millisecond they issued IDs at (it waits for a later one, or throws
	 * {@link ClockMovedBackwardsException} if that is further ahead of its clock than
	 * {@code maxBackwardWait}). The workers that keep that millisecond, a
	 * {@link StateFileWorker} and a {@link LeasedWorker}, create their generators so.
	 * @param layout the layout of the IDs
	 * @param workerId the worker ID, which must fit the layout
	 * @param clock the clock whose milliseconds the IDs hold
	 * @param maxBackwardWait how far the clock may move backwards and still be waited out
	 * @param observer hears of every call that finds the clock behind
	 * @param lastIssuedMillis the last millisecond since the Unix epoch that IDs of this
	 * worker ID were issued at, 0 if none
	 * @throws IllegalArgumentException if an argument is not valid
	 */
	SnowflakeGenerator(BitLayout layout, WorkerId workerId, Clock clock, Duration maxBackwardWait,
			SequenceObserver observer, long lastIssuedMillis) {
		if (layout == null) {
			throw new IllegalArgumentException("layout must not be null");
		}
		layout.checkFits(workerId);
		if (clock == null) {
			throw new IllegalArgumentException("clock must not be null");
		}
		if (maxBackwardWait == null || maxBackwardWait.isNegative()) {
			throw new IllegalArgumentException(
					"maxBackwardWait must not be null or negative but was " + maxBackwardWait);
		}
		this.layout = layout;
		this.workerId = workerId;
		this.clock = clock;
		this.maxBackwardWait = maxBackwardWait;
		this.maxBackwardMillis = maxBackwardWait.toMillis();
		this.epochMillis = layout.epoch().toEpochMilli();
		this.maxTimestamp = layout.maxTimestamp();
		this.sequenceBits = layout.sequenceBits();
		this.maxSequence = layout.maxSequence();
		this.timestampShift = layout.timestampShift();
		this.nodeBits = layout.nodeBits(workerId.datacenter(), workerId.worker());
		this.offsetBound = offsetBound(this.sequenceBits);
		this.observer = SequenceObserver.guarded(observer);
		long lastTimestamp = lastIssuedMillis - this.epochMillis;
		this.state = new AtomicLong((lastTimestamp >= 0) ? (lastTimestamp << this.sequenceBits) | this.maxSequence
				: -1L << this.sequenceBits);
	}

	/**
	 * Return the millisecond since the Unix epoch of the last ID this generator issued,
	 * or the one it was created not to issue at or before.
	 * @return the last millisecond, 0 if there is none
	 */
	public long lastIssuedMillis() {
		long last = this.state.get() >> this.sequenceBits;
		return (last >= 0) ? last + this.epochMillis : 0;
	}

	/**
	 * Return the bound of the random offset at which a new millisecond starts its
	 * sequence.
	 * @param sequenceBits the number of sequence bits
	 * @return {@code 2^max(min(1, sequenceBits - 1), sequenceBits - 4)}
	 */
	static long offsetBound(int sequenceBits) {
		return 1L << Math.max(Math.min(1, sequenceBits - 1), sequenceBits - 4);
	}

	/**
	 * Return the layout of the IDs.
	 * @return the layout
	 */
	@Override
	public BitLayout layout() {
		return this.layout;
	}

	/**
	 * Return the worker ID that every ID of this generator holds.
	 * @return the worker ID
	 */
	@Override
	public WorkerId workerId() {
		return this.workerId;
	}

	/**
	 * Return how far the clock may move backwards and still be waited out.
	 * @return the longest backward jump that is waited out
	 */
	public Duration maxBackwardWait() {
		return this.maxBackwardWait;
	}

	/**
	 * Return how long this generator can still issue IDs by its clock, until the
	 * timestamp bits of its layout run out.
	 * @return the remaining lifetime, zero once it has passed
	 */
	@Override
	public Duration remainingLifetime() {
		return this.layout.remainingLifetime(this.clock.instant());
	}

	/**
	 * Return the datacenter and worker (also as {@code workerId}), the bit layout and the
	 * remaining lifetime of the layout.
	 */
	@Override
	public Map<String, Object> info() {
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("datacenter", this.workerId.datacenter());
		info.put("worker", this.workerId.worker());
		info.put("workerId", this.workerId.worker());
		info.put("layout", this.layout.describe());
		info.put("remainingLifetime", remainingLifetime().toString());
		return info;
	}

	/**
	 * Split an ID of this generator's layout into its fields.
	 * @param id the ID
	 * @return the time, datacenter, worker and sequence value of the ID
	 * @throws IllegalArgumentException if the ID is not one of the layout
	 */
	public SnowflakeId decode(long id) {
		return this.layout.decode(id);
	}

	/**
	 * Return the next ID.
	 * @return an ID greater than every ID this generator issued before
	 * @throws ClockMovedBackwardsException if the clock moved backwards further than
	 * {@code maxBackwardWait}
	 * @throws IdGenerationException if the clock is past the lifetime of the layout or
	 * before its epoch
	 */
	@Override
	public long nextId() {
		return toId(claim(1));
	}

	/**
	 * Return {@code count} IDs in one call. They are claimed a millisecond's worth at a
	 * time, so a large count may wait for several milliseconds.
	 * @param count the number of IDs, from 1 to {@link Sequence#MAX_BATCH_SIZE}
	 * @return the IDs in ascending order, each greater than every ID this generator
	 * issued before
	 * @throws ClockMovedBackwardsException if the clock moved backwards further than
	 * {@code maxBackwardWait}
	 * @throws IdGenerationException if the clock is past the lifetime of the layout or
	 * before its epoch
	 */
	@Override
	public long[] nextIds(int count) {
		Sequence.checkBatchSize(count);
		long[] ids = new long[count];
		int filled = 0;
		while (filled < count) {
			int wanted = count - filled;
			long first = claim(wanted);
			long claimed = claimedCount(first, wanted);
			for (long i = 0; i < claimed; i++) {
				ids[filled++] = toId(first + i);
			}
		}
		return ids;
	}

	/**
	 * Move the state forward by up to {@code wanted} sequence values of one millisecond,
	 * as many as {@link #claimedCount(long, long)} says.
	 * @param wanted the number of sequence values wanted, at least 1
	 * @return the state of the first value claimed
	 */
	private long claim(long wanted) {
		int waits = 0;
		boolean behindReported = false;
		while (true) {
			long last = this.state.get();
			long lastTimestamp = last >> this.sequenceBits;
			long now = currentTimestamp();
			long first;
			if (now > lastTimestamp) {
				first = (now << this.sequenceBits) | startSequence(last);
			}
			else if (now < lastTimestamp) {
				if (!behindReported) {
					this.observer.clockMovedBackward(Duration.ofMillis(lastTimestamp - now));
					behindReported = true;
				}
				checkBackwardJump(lastTimestamp - now);
				pause(waits++);
				continue;
			}
			else if ((last & this.maxSequence) == this.maxSequence) {
				pause(waits++);
				continue;
			}
			else {
				first = last + 1;
			}
			if (this.state.compareAndSet(last, first + claimedCount(first, wanted) - 1)) {
				return first;
			}
		}
	}

	private long claimedCount(long first, long wanted) {
		return Math.min(wanted, this.maxSequence - (first & this.maxSequence) + 1);
	}

	private long currentTimestamp() {
		long millis = this.clock.millis();
		long timestamp = millis - this.epochMillis;
		if (timestamp > this.maxTimestamp) {
			throw new IdGenerationException("The timestamp bits of the Snowflake layout " + this.layout.describe()
					+ " ran out at " + this.layout.lastTime() + " and the clock reads " + Instant.ofEpochMilli(millis)
					+ ": no more IDs can be generated; use a layout with a later epoch or more timestamp bits");
		}
		if (timestamp < 0) {
			throw new IdGenerationException("The clock reads " + Instant.ofEpochMilli(millis)
					+ ", before the epoch of the Snowflake layout " + this.layout.describe());
		}
		return timestamp;
	}

	private long startSequence(long last) {
		if ((last & this.maxSequence) == this.maxSequence) {
			return 0;
		}
		return ThreadLocalRandom.current().nextLong(this.offsetBound);
	}

	private void checkBackwardJump(long jumpMillis) {
		if (jumpMillis > this.maxBackwardMillis) {
			Duration jump = Duration.ofMillis(jumpMillis);
			throw new ClockMovedBackwardsException(jump,
					"The clock moved backwards by " + jump.toMillis() + " ms, more than max-backward-wait ("
							+ this.maxBackwardMillis + " ms); worker " + this.workerId
							+ " issues no ID until the clock is back at the millisecond of its last ID");
		}
	}

	private static void pause(int waits) {
		if (waits < SPIN_WAITS) {
			Thread.onSpinWait();
		}
		else {
			LockSupport.parkNanos(PARK_NANOS);
		}
	}

	private long toId(long state) {
		return ((state >> this.sequenceBits) << this.timestampShift) | this.nodeBits | (state & this.maxSequence);
	}

}
