package io.github.idgen.worker;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.SequenceObserver;
import io.github.idgen.WorkerIdLostException;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.SnowflakeGenerator;
import io.github.idgen.snowflake.WorkerId;

/**
 * A snowflake worker whose worker id is leased from a {@link WorkerLeaseStore}, renewed
 * by a heartbeat and fenced on every ID.
 * <p>
 * <b>Renewal and horizon.</b> Every renewal reads the monotonic clock and the wall clock
 * at one instant {@code t0} before it is sent, and stores with the lease the
 * <em>horizon</em> {@code H = wallClock(t0) + ttl}: a promise that this owner issues no
 * ID with a timestamp after {@code H} under this renewal. The lease is renewed this way
 * right after it is acquired, before the first ID is served, so no ID is ever issued
 * without a horizon in the store that covers it.
 * <p>
 * <b>Fencing.</b> Every ID is composed first and then checked; it is returned only if
 * both of these hold, otherwise {@link WorkerIdLostException} is thrown:
 * <ol>
 * <li>The lease is still known valid: after a renewal it is until
 * {@code t0 + ttl - safetyMargin} on the local monotonic clock, and since {@code t0} was
 * read <em>before</em> the renewal was sent, the store's expiry is never earlier. An ID
 * composed while the lease might already have passed to another instance is never
 * returned, so a long GC or SIGSTOP pause cannot yield a duplicate: when the instance
 * resumes, its check fails.</li>
 * <li>The ID's timestamp (for a batch, that of its last ID) is at or before the horizon
 * {@code H}: every ID returned is covered by a horizon already in the store, whatever
 * the wall clock did since the renewal.</li>
 * </ol>
 * Both use the latest renewal of the lease the ID was composed under, not the one
 * current when the call began: a store renews only a lease that has not expired, so a
 * renewal proves the lease was held all along, and a call that outlasts the validity it
 * began with (one that waits out a backward step of the clock, say) still returns its
 * ID. An ID composed under a lease that was lost and leased again is still refused: the
 * new lease has a generator of its own.
 * <p>
 * <b>Takeover.</b> A new owner starts its generator after the last timestamp stored with
 * the lease: the previous owner's last horizon, or the exact last millisecond it issued
 * IDs at if it released the lease. So it never reuses a millisecond of an owner that was
 * killed without releasing, however far its own clock is behind: a clock behind that
 * timestamp is waited out (up to {@code maxBackwardWait}) or fails with
 * {@link io.github.idgen.ClockMovedBackwardsException}.
 * <p>
 * <b>Heartbeat.</b> A daemon thread renews the lease every {@code ttl / 3}, storing a new
 * horizon. If the lease was lost (it expired while the store was unreachable, or another
 * instance took it), the heartbeat leases a worker id again, possibly another one, starts
 * a new generator that issues no ID at or before the last timestamp stored with that id
 * (nor at or before the last millisecond of the old generator), and renews it at once
 * to store its horizon. Until that renewal succeeds the new lease has no horizon and
 * every ID is refused.
 * <p>
 * <b>Release.</b> {@link #close()} stores the exact last millisecond this worker issued
 * IDs at, which may lower the stored horizon, so that the next owner of the id need not
 * wait for the horizon on a rolling restart.
 * <p>
 * <b>Thread ownership.</b> {@link #current} is replaced (never mutated) by the heartbeat
 * thread, and once by the constructor, and read by every caller; it is volatile so that
 * callers see a renewal or a new lease at once. {@link #closed} is written once by
 * {@link #close()} and read by every caller after it composed its ID; why it is volatile
 * is explained in {@link #close()}. The generator inside is thread-safe.
 */
public final class LeasedWorker implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(LeasedWorker.class);

	/**
	 * The horizon of a lease that was not renewed yet: every ID is after it.
	 */
	private static final long NO_HORIZON = Long.MIN_VALUE;

	private final WorkerLeaseStore store;

	private final BitLayout layout;

	private final int datacenter;

	private final Duration ttl;

	private final long validityNanos;

	private final Clock clock;

	private final Duration maxBackwardWait;

	private final LongSupplier nanoTime;

	private final SequenceObserver observer;

	private final String owner = UUID.randomUUID().toString();

	private final ScheduledExecutorService heartbeat;

	private volatile Holder current;

	private volatile boolean closed;

	/**
	 * Lease a worker id and start the heartbeat.
	 * @param store the store to lease from
	 * @param layout the layout of the IDs
	 * @param datacenter the datacenter id, fixed for this instance
	 * @param ttl how long a lease lives without renewal
	 * @param safetyMargin how long before the lease's end this worker stops issuing IDs,
	 * less than {@code ttl}
	 * @param maxBackwardWait how far the clock may move backwards and still be waited out
	 * @throws IllegalStateException if every worker id has a live lease, naming their
	 * number and the worker bits, or if the lease was lost before the renewal that stores
	 * its first horizon
	 * @throws io.github.idgen.BackendUnavailableException if the store failed; a lease
	 * acquired before the failure frees up when it expires
	 */
	public LeasedWorker(WorkerLeaseStore store, BitLayout layout, int datacenter, Duration ttl, Duration safetyMargin,
			Duration maxBackwardWait) {
		this(store, layout, datacenter, ttl, safetyMargin, maxBackwardWait, SequenceObserver.NONE);
	}

	/**
	 * Lease a worker id and start the heartbeat; the generators of the worker tell an
	 * observer when the clock moves backwards.
	 * @param store the store to lease from
	 * @param layout the layout of the IDs
	 * @param datacenter the datacenter id, fixed for this instance
	 * @param ttl how long a lease lives without renewal
	 * @param safetyMargin how long before the lease's end this worker stops issuing IDs,
	 * less than {@code ttl}
	 * @param maxBackwardWait how far the clock may move backwards and still be waited out
	 * @param observer hears of every call that finds the clock behind
	 * @throws IllegalStateException if every worker id has a live lease, naming their
	 * number and the worker bits, or if the lease was lost before the renewal that stores
	 * its first horizon
	 * @throws io.github.idgen.BackendUnavailableException if the store failed; a lease
	 * acquired before the failure frees up when it expires
	 */
	public LeasedWorker(WorkerLeaseStore store, BitLayout layout, int datacenter, Duration ttl, Duration safetyMargin,
			Duration maxBackwardWait, SequenceObserver observer) {
		this(store, layout, datacenter, ttl, safetyMargin, maxBackwardWait, Clock.systemUTC(), System::nanoTime, true,
				observer);
	}

	LeasedWorker(WorkerLeaseStore store, BitLayout layout, int datacenter, Duration ttl, Duration safetyMargin,
			Duration maxBackwardWait, Clock clock, LongSupplier nanoTime, boolean scheduleHeartbeat) {
		this(store, layout, datacenter, ttl, safetyMargin, maxBackwardWait, clock, nanoTime, scheduleHeartbeat,
				SequenceObserver.NONE);
	}

	LeasedWorker(WorkerLeaseStore store, BitLayout layout, int datacenter, Duration ttl, Duration safetyMargin,
			Duration maxBackwardWait, Clock clock, LongSupplier nanoTime, boolean scheduleHeartbeat,
			SequenceObserver observer) {
		if (safetyMargin.isNegative() || safetyMargin.compareTo(ttl) >= 0) {
			throw new IllegalArgumentException(
					"safetyMargin must lie within [0, ttl) = [0, " + ttl + ") but was " + safetyMargin);
		}
		this.store = store;
		this.layout = layout;
		this.datacenter = datacenter;
		this.ttl = ttl;
		this.validityNanos = ttl.minus(safetyMargin).toNanos();
		this.clock = clock;
		this.maxBackwardWait = maxBackwardWait;
		this.nanoTime = nanoTime;
		this.observer = SequenceObserver.guarded(observer);
		long started = nanoTime.getAsLong();
		WorkerLease lease = store.acquire(this.owner, layout.maxWorkerId(), ttl)
			.orElseThrow(() -> new IllegalStateException("No snowflake worker id is free: " + store.countLive()
					+ " instances hold live leases and the layout's " + layout.workerBits() + " worker bits allow "
					+ (layout.maxWorkerId() + 1) + ". Add worker bits or stop instances."));
		this.current = holder(lease, 0, started);
		if (!renew()) {
			throw new IllegalStateException("The lease of snowflake worker id " + lease.workerId()
					+ " was lost right after it was acquired; the ttl " + ttl + " is too short for the store");
		}
		logger.info("Leased snowflake worker id {} for {}", lease.workerId(), ttl);
		this.heartbeat = scheduleHeartbeat ? startHeartbeat(ttl) : null;
	}

	private ScheduledExecutorService startHeartbeat(Duration ttl) {
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "idgen-worker-lease");
			thread.setDaemon(true);
			return thread;
		});
		long period = Math.max(1, ttl.toMillis() / 3);
		executor.scheduleWithFixedDelay(this::heartbeat, period, period, TimeUnit.MILLISECONDS);
		return executor;
	}

	/**
	 * Return the next ID, if the lease is still known valid once it is composed.
	 * @return the ID
	 * @throws WorkerIdLostException if the lease may have passed to another instance
	 */
	public long nextId() {
		Holder holder = this.current;
		long id = holder.generator.nextId();
		checkValid(holder, id);
		return id;
	}

	/**
	 * Return {@code count} IDs, if the lease is still known valid once they are composed.
	 * @param count the number of IDs, at least 1
	 * @return the IDs in ascending order
	 * @throws WorkerIdLostException if the lease may have passed to another instance
	 */
	public long[] nextIds(int count) {
		Holder holder = this.current;
		long[] ids = holder.generator.nextIds(count);
		checkValid(holder, ids[ids.length - 1]);
		return ids;
	}

	/**
	 * Check that an ID composed by the generator of a holder may be returned: the worker
	 * is not closed, and by the latest renewal of the holder's lease the lease is still
	 * known valid and its horizon covers the ID's timestamp.
	 * @param holder the holder whose generator composed the ID
	 * @param lastId the ID, or the largest of a batch
	 * @throws WorkerIdLostException if the ID must not be returned
	 */
	private void checkValid(Holder holder, long lastId) {
		if (this.closed) {
			throw new WorkerIdLostException("The worker of snowflake worker id " + holder.lease.workerId()
					+ " is closed and released its lease; no ID is issued");
		}
		Holder latest = this.current;
		Holder renewal = (latest.generator == holder.generator) ? latest : holder;
		if (this.nanoTime.getAsLong() - renewal.validUntilNanos >= 0) {
			throw new WorkerIdLostException("The lease of snowflake worker id " + holder.lease.workerId()
					+ " was not renewed in time and may have passed to another instance; no ID is issued until "
					+ "a worker id is leased again");
		}
		long timestamp = this.layout.timestampMillis(lastId);
		if (timestamp > renewal.horizonMillis) {
			throw new WorkerIdLostException("The clock ran past the horizon of the lease of snowflake worker id "
					+ holder.lease.workerId() + ": an ID at " + Instant.ofEpochMilli(timestamp)
					+ " is after the last timestamp promised to the store ("
					+ ((renewal.horizonMillis != NO_HORIZON) ? Instant.ofEpochMilli(renewal.horizonMillis)
							: "none yet")
					+ "); no ID is issued until the lease is renewed");
		}
	}

	/**
	 * Return whether the lease is known valid now.
	 * @return whether IDs can be issued
	 */
	public boolean isValid() {
		return this.nanoTime.getAsLong() - this.current.validUntilNanos < 0;
	}

	/**
	 * Return the worker id currently leased.
	 * @return the worker id
	 */
	public WorkerId workerId() {
		return this.current.generator.workerId();
	}

	/**
	 * Return how long the lease is known valid from now.
	 * @return the remaining validity, zero once it has passed
	 */
	public Duration validFor() {
		return Duration.ofNanos(Math.max(0, this.current.validUntilNanos - this.nanoTime.getAsLong()));
	}

	/**
	 * Return when the lease is known valid until, read from the system clock: now plus
	 * {@link #validFor()}.
	 * @return the end of the known validity
	 */
	public Instant validUntil() {
		return this.clock.instant().plus(validFor());
	}

	/**
	 * Return the layout of the IDs.
	 * @return the layout
	 */
	public BitLayout layout() {
		return this.layout;
	}

	/**
	 * Renew the lease, or lease a worker id again if it was lost and renew the new lease
	 * at once to store its horizon. Run by the heartbeat thread; does nothing once the
	 * worker is closed. Throws nothing, not even an {@link Error}: a scheduled task that
	 * throws is never run again, and the lease would run out.
	 */
	void heartbeat() {
		if (this.closed) {
			return;
		}
		Holder holder = this.current;
		try {
			if (renew()) {
				return;
			}
			logger.error("The lease of snowflake worker id {} was lost; leasing a worker id again",
					holder.lease.workerId());
			long started = this.nanoTime.getAsLong();
			Optional<WorkerLease> lease = this.closed ? Optional.empty()
					: this.store.acquire(this.owner, this.layout.maxWorkerId(), this.ttl);
			if (lease.isPresent()) {
				this.current = holder(lease.get(), holder.generator.lastIssuedMillis(), started);
				logger.info("Leased snowflake worker id {} again", lease.get().workerId());
				renew();
			}
		}
		catch (RuntimeException ex) {
			logger.warn("Could not renew the lease of snowflake worker id {}; IDs stop once it runs out",
					holder.lease.workerId(), ex);
		}
		catch (Error ex) {
			// Rethrowing would cancel the fixed-delay schedule for good: no renewal after it.
			logger.error("Renewing the lease of snowflake worker id {} failed with an error; the heartbeat tries "
					+ "again at its next beat", holder.lease.workerId(), ex);
		}
	}

	/**
	 * Renew the current lease, storing the horizon {@code wallClock(t0) + ttl}, and on
	 * success publish its new validity and horizon. Both clocks are read at {@code t0},
	 * before the renewal is sent. Run by the constructor, then by the heartbeat thread
	 * only.
	 * @return whether the store renewed the lease
	 * @throws io.github.idgen.BackendUnavailableException if the store failed
	 */
	private boolean renew() {
		Holder holder = this.current;
		long startedNanos = this.nanoTime.getAsLong();
		long horizonMillis = this.clock.millis() + this.ttl.toMillis();
		if (!this.store.renew(holder.lease, this.ttl, horizonMillis)) {
			return false;
		}
		this.current = new Holder(holder.lease, holder.generator, startedNanos + this.validityNanos, horizonMillis);
		return true;
	}

	/**
	 * Return the holder of a lease just acquired: its generator issues nothing at or
	 * before the last timestamp stored with the lease nor the last millisecond issued
	 * here, and it has no horizon until it is renewed.
	 */
	private Holder holder(WorkerLease lease, long lastIssuedHere, long leasedAtNanos) {
		long notBefore = Math.max(lease.lastIssuedMillis(), lastIssuedHere);
		SnowflakeGenerator generator = new SnowflakeGenerator(this.layout,
				new WorkerId(this.datacenter, lease.workerId()), this.clock, this.maxBackwardWait, notBefore,
				this.observer);
		return new Holder(lease, generator, leasedAtNanos + this.validityNanos, NO_HORIZON);
	}

	/**
	 * Stop the heartbeat and release the lease, storing the exact last millisecond this
	 * worker issued IDs at (which may lower the stored horizon), so that the next owner
	 * can start at once. From then on every call throws {@link WorkerIdLostException}.
	 * Safe to call concurrently with callers and more than once.
	 * <p>
	 * The released value covers every ID returned: this method writes the volatile
	 * {@link #closed} first and reads the generator's last millisecond after that, while
	 * a caller composes its ID (a compare-and-set on the generator's atomic state) before
	 * it reads {@link #closed}. Volatile and atomic accesses are totally ordered
	 * consistently with each thread's program order, so if a caller read {@code false},
	 * its read came before the write of {@code true}, its compare-and-set before its read,
	 * and this method's read of the state after the write: the read sees the caller's
	 * millisecond or a later one. A caller that reads {@code true} returns no ID. The
	 * holder read here is at least as new as one any such caller composed with, for the
	 * same reason; an older generator's IDs are covered too, since a new generator starts
	 * after the last millisecond of the one it replaced.
	 */
	@Override
	public void close() {
		this.closed = true;
		if (this.heartbeat != null) {
			stopHeartbeat();
		}
		Holder holder = this.current;
		try {
			this.store.release(holder.lease, holder.generator.lastIssuedMillis());
		}
		catch (RuntimeException ex) {
			logger.warn("Could not release snowflake worker id {}; it frees up when its lease expires",
					holder.lease.workerId(), ex);
		}
	}

	/**
	 * Stop the heartbeat and wait up to a ttl for a renewal under way, so that it cannot
	 * lease a worker id again after the release, nor replace {@link #current} after
	 * {@link #close()} read it.
	 */
	private void stopHeartbeat() {
		this.heartbeat.shutdownNow();
		try {
			if (!this.heartbeat.awaitTermination(this.ttl.toMillis(), TimeUnit.MILLISECONDS)) {
				logger.warn("The heartbeat of snowflake worker id {} did not stop within {}",
						this.current.lease.workerId(), this.ttl);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * A lease, the generator for its worker id, the instant, on the monotonic clock,
	 * until which it is known valid, and the horizon stored by its latest renewal.
	 *
	 * @param lease the lease
	 * @param generator the generator of the lease's worker id
	 * @param validUntilNanos the end of the known validity, on the monotonic clock
	 * @param horizonMillis the latest timestamp, in milliseconds since the Unix epoch,
	 * that an ID may have; {@link #NO_HORIZON} until the lease is renewed
	 */
	private record Holder(WorkerLease lease, SnowflakeGenerator generator, long validUntilNanos,
			long horizonMillis) {

	}

}
