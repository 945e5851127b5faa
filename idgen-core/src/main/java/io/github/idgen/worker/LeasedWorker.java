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
 * <b>Fencing.</b> After every successful renewal the lease is known valid until
 * {@code t0 + ttl - safetyMargin} on the local monotonic clock, where {@code t0} was
 * read <em>before</em> the renewal was sent, so the store's expiry is never earlier. Every
 * ID is composed first and then checked against that instant: an ID composed while the
 * lease might already have passed to another instance is never returned;
 * {@link WorkerIdLostException} is thrown instead. A long GC or SIGSTOP pause therefore
 * cannot yield a duplicate: when the instance resumes, its check fails. The check uses
 * the latest renewal of the lease the ID was composed under, not the one current when the
 * call began: a store renews only a lease that has not expired, so a renewal proves the
 * lease was held all along, and a call that outlasts the validity it began with (one that
 * waits out a backward step of the clock, say) still returns its ID. An ID composed under
 * a lease that was lost and leased again is still refused: the new lease has a generator
 * of its own.
 * <p>
 * <b>Heartbeat.</b> A daemon thread renews the lease every {@code ttl / 3}, storing the
 * last millisecond this worker issued IDs at. If the lease was lost (it expired while the
 * store was unreachable, or another instance took it), the heartbeat leases a worker id
 * again, possibly another one, and starts a new generator that issues no ID at or before
 * the last millisecond any owner of that id issued IDs at.
 * <p>
 * <b>Thread ownership.</b> {@link #current} is replaced (never mutated) by the heartbeat
 * thread and read by every caller; it is volatile so that callers see a renewal or a new
 * lease at once. The generator inside is thread-safe.
 */
public final class LeasedWorker implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(LeasedWorker.class);

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
	 * number and the worker bits
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
	 * number and the worker bits
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
		checkValid(holder);
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
		checkValid(holder);
		return ids;
	}

	private void checkValid(Holder holder) {
		Holder latest = this.current;
		long validUntilNanos = (latest.generator == holder.generator) ? latest.validUntilNanos
				: holder.validUntilNanos;
		if (this.nanoTime.getAsLong() - validUntilNanos >= 0) {
			throw new WorkerIdLostException("The lease of snowflake worker id " + holder.lease.workerId()
					+ " was not renewed in time and may have passed to another instance; no ID is issued until "
					+ "a worker id is leased again");
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
	 * Renew the lease, or lease a worker id again if it was lost. Run by the heartbeat
	 * thread.
	 */
	void heartbeat() {
		Holder holder = this.current;
		long started = this.nanoTime.getAsLong();
		try {
			if (this.store.renew(holder.lease, this.ttl, holder.generator.lastIssuedMillis())) {
				this.current = new Holder(holder.lease, holder.generator, started + this.validityNanos);
				return;
			}
			logger.error("The lease of snowflake worker id {} was lost; leasing a worker id again",
					holder.lease.workerId());
			Optional<WorkerLease> lease = this.store.acquire(this.owner, this.layout.maxWorkerId(), this.ttl);
			if (lease.isPresent()) {
				this.current = holder(lease.get(), holder.generator.lastIssuedMillis(), started);
				logger.info("Leased snowflake worker id {} again", lease.get().workerId());
			}
		}
		catch (RuntimeException ex) {
			logger.warn("Could not renew the lease of snowflake worker id {}; IDs stop once it runs out",
					holder.lease.workerId(), ex);
		}
	}

	private Holder holder(WorkerLease lease, long lastIssuedHere, long leasedAtNanos) {
		long notBefore = Math.max(lease.lastIssuedMillis(), lastIssuedHere);
		SnowflakeGenerator generator = new SnowflakeGenerator(this.layout,
				new WorkerId(this.datacenter, lease.workerId()), this.clock, this.maxBackwardWait, notBefore,
				this.observer);
		return new Holder(lease, generator, leasedAtNanos + this.validityNanos);
	}

	/**
	 * Stop the heartbeat and release the lease, recording the last millisecond issued.
	 */
	@Override
	public void close() {
		if (this.heartbeat != null) {
			this.heartbeat.shutdownNow();
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
	 * A lease, the generator for its worker id and the instant, on the monotonic clock,
	 * until which it is known valid.
	 */
	private record Holder(WorkerLease lease, SnowflakeGenerator generator, long validUntilNanos) {

	}

}
