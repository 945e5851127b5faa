package io.github.idgen.snowflake;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.SequenceObserver;
import io.github.idgen.WorkerIdLostException;
import io.github.idgen.background.BackgroundScheduler;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.worker.WorkerId;
import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * A snowflake worker whose worker ID is leased from a {@link WorkerLeaseStore}, renewed
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
 * {@code H}: every ID returned is covered by a horizon already in the store, whatever the
 * wall clock did since the renewal.</li>
 * </ol>
 * Both use the latest renewal of the lease the ID was composed under, not the one current
 * when the call began: a store renews only a lease that has not expired, so a renewal
 * proves the lease was held all along, and a call that outlasts the validity it began
 * with (one that waits out a backward step of the clock, say) still returns its ID. An ID
 * composed under a lease that was lost and leased again is still refused: the new lease
 * has a generator of its own.
 * <p>
 * <b>Takeover.</b> A new owner starts its generator after the last timestamp stored with
 * the lease: the previous owner's last horizon, or the exact last millisecond it issued
 * IDs at if it released the lease. So it never reuses a millisecond of an owner that was
 * killed without releasing, however far its own clock is behind: a clock behind that
 * timestamp is waited out (up to {@code maxBackwardWait}) or fails with
 * {@link io.github.idgen.ClockMovedBackwardsException}.
 * <p>
 * <b>Heartbeat.</b> A background task renews the lease every {@code ttl / 3}, storing a
 * new horizon; it runs on the {@link BackgroundThreads} the worker is given, by default a
 * daemon thread of its own named {@code idgen-worker-lease}. If the lease was lost (it
 * expired while the store was unreachable, or another instance took it), the heartbeat
 * leases a worker ID again, possibly another one, starts a new generator that issues no
 * ID at or before the last timestamp stored with that worker ID (nor at or before the
 * last millisecond of the old generator), and renews it at once to store its horizon.
 * Until that renewal succeeds the new lease has no horizon and every ID is refused.
 * <p>
 * <b>Release.</b> {@link #close()} stores the exact last millisecond this worker issued
 * IDs at, which may lower the stored horizon, so that the next owner of the worker ID
 * need not wait for the horizon on a rolling restart.
 * <p>
 * <b>Thread ownership.</b> {@link #current} is replaced (never mutated) by the heartbeat,
 * whose runs never overlap (its scheduler runs one task at a time, whatever thread runs
 * it), and before that by the constructor and the first renewal in {@link #lease}, and
 * read by every caller; it is volatile so that callers see a renewal or a new lease at
 * once. {@link #closed} is written once by {@link #close()} and read by every caller
 * after it composed its ID; why it is volatile is explained in {@link #close()}. The
 * generator inside is thread-safe.
 */
public final class LeasedWorker implements SnowflakeWorker {

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

	private final String owner;

	/**
	 * The heartbeat's scheduler, of one task at a time, created idle by the constructor
	 * and scheduled by {@link #lease}; a test that leases without it runs
	 * {@link #heartbeat()} itself. Always a thread of idgen's own
	 * ({@link BackgroundThreads#ownThreads()}), never an executor of the application's,
	 * whose queue could hold a renewal until the lease expired and every ID was refused.
	 */
	private final BackgroundScheduler heartbeat;

	private volatile Holder current;

	private volatile boolean closed;

	/**
	 * Create a worker over a lease just acquired, which it renews next to store its first
	 * horizon. Only assigns: {@link #lease} does the I/O.
	 */
	private LeasedWorker(WorkerLeaseStore store, LeasedWorkerSettings settings, SequenceObserver observer, Clock clock,
			LongSupplier nanoTime, BackgroundThreads threads, String owner, WorkerLease lease, long leasedAtNanos) {
		this.store = store;
		this.layout = settings.layout();
		this.datacenter = settings.datacenter();
		this.ttl = settings.ttl();
		this.validityNanos = settings.validity().toNanos();
		this.clock = clock;
		this.maxBackwardWait = settings.maxBackwardWait();
		this.nanoTime = nanoTime;
		this.observer = SequenceObserver.guarded(observer);
		this.owner = owner;
		this.heartbeat = threads.ownThreads().scheduler("idgen-worker-lease", 1);
		this.current = holder(lease, 0, leasedAtNanos);
	}

	/**
	 * Lease a worker ID, store its first horizon and start the heartbeat.
	 * @param store the store to lease from
	 * @param settings the layout, datacenter, ttl, safety margin and longest backward
	 * wait of the worker
	 * @param observer hears of every call that finds the clock behind
	 * @return the worker, ready to issue IDs
	 * @throws IllegalArgumentException if the store or the settings are {@code null}
	 * @throws IllegalStateException if every worker ID has a live lease, naming their
	 * number and the worker bits, or if the lease was lost before the renewal that stores
	 * its first horizon
	 * @throws io.github.idgen.BackendUnavailableException if the store failed; a lease
	 * acquired before the failure frees up when it expires
	 */
	public static LeasedWorker lease(WorkerLeaseStore store, LeasedWorkerSettings settings, SequenceObserver observer) {
		return lease(store, settings, observer, Clock.systemUTC());
	}

	/**
	 * Lease a worker ID, store its first horizon and start the heartbeat, with the IDs
	 * and the horizons on the given wall clock.
	 * @param store the store to lease from
	 * @param settings the layout, datacenter, ttl, safety margin and longest backward
	 * wait of the worker
	 * @param observer hears of every call that finds the clock behind
	 * @param clock the wall clock of the IDs and the horizons; the lease's validity is
	 * measured on {@link System#nanoTime()} whatever it is
	 * @return the worker, ready to issue IDs
	 * @throws IllegalArgumentException if the store or the settings are {@code null}
	 * @throws IllegalStateException if every worker ID has a live lease, or if the lease
	 * was lost before the renewal that stores its first horizon
	 * @throws io.github.idgen.BackendUnavailableException if the store failed
	 */
	public static LeasedWorker lease(WorkerLeaseStore store, LeasedWorkerSettings settings, SequenceObserver observer,
			Clock clock) {
		return lease(store, settings, observer, clock, BackgroundThreads.daemon());
	}

	/**
	 * Lease a worker ID, store its first horizon and start the heartbeat on the given
	 * background threads, with the IDs and the horizons on the given wall clock.
	 * @param store the store to lease from
	 * @param settings the layout, datacenter, ttl, safety margin and longest backward
	 * wait of the worker
	 * @param observer hears of every call that finds the clock behind
	 * @param clock the wall clock of the IDs and the horizons; the lease's validity is
	 * measured on {@link System#nanoTime()} whatever it is
	 * @param threads what runs the heartbeat, one renewal at a time
	 * @return the worker, ready to issue IDs
	 * @throws IllegalArgumentException if the store or the settings are {@code null}
	 * @throws IllegalStateException if every worker ID has a live lease, or if the lease
	 * was lost before the renewal that stores its first horizon
	 * @throws io.github.idgen.BackendUnavailableException if the store failed
	 */
	public static LeasedWorker lease(WorkerLeaseStore store, LeasedWorkerSettings settings, SequenceObserver observer,
			Clock clock, BackgroundThreads threads) {
		LeasedWorker worker = leaseWithoutHeartbeat(store, settings, observer, clock, System::nanoTime, threads);
		worker.startHeartbeat();
		return worker;
	}

	/**
	 * Lease a worker ID and store its first horizon, without starting the heartbeat: a
	 * test calls {@link #heartbeat()} itself and moves the clocks.
	 * @param store the store to lease from
	 * @param settings the settings of the worker
	 * @param observer hears of every call that finds the clock behind
	 * @param clock the wall clock, of the IDs and the horizons
	 * @param nanoTime the monotonic clock, of the lease's validity
	 * @return the worker
	 */
	static LeasedWorker leaseWithoutHeartbeat(WorkerLeaseStore store, LeasedWorkerSettings settings,
			SequenceObserver observer, Clock clock, LongSupplier nanoTime) {
		return leaseWithoutHeartbeat(store, settings, observer, clock, nanoTime, BackgroundThreads.daemon());
	}

	private static LeasedWorker leaseWithoutHeartbeat(WorkerLeaseStore store, LeasedWorkerSettings settings,
			SequenceObserver observer, Clock clock, LongSupplier nanoTime, BackgroundThreads threads) {
		if (threads == null) {
			throw new IllegalArgumentException("threads must not be null");
		}
		if (store == null) {
			throw new IllegalArgumentException("store must not be null");
		}
		if (settings == null) {
			throw new IllegalArgumentException("settings must not be null");
		}
		BitLayout layout = settings.layout();
		String owner = UUID.randomUUID().toString();
		long started = nanoTime.getAsLong();
		WorkerLease lease = store.acquire(owner, layout.maxWorkerId(), settings.ttl())
			.orElseThrow(() -> new IllegalStateException("No snowflake worker ID is free: " + store.countLive()
					+ " instances hold live leases and the layout's " + layout.workerBits() + " worker bits allow "
					+ (layout.maxWorkerId() + 1) + ". Add worker bits or stop instances."));
		LeasedWorker worker = new LeasedWorker(store, settings, observer, clock, nanoTime, threads, owner, lease,
				started);
		if (!worker.renew()) {
			throw new IllegalStateException("The lease of snowflake worker ID " + lease.workerId()
					+ " was lost right after it was acquired; the ttl " + settings.ttl()
					+ " is too short for the store");
		}
		logger.info("Leased snowflake worker ID {} for {}", lease.workerId(), settings.ttl());
		return worker;
	}

	private void startHeartbeat() {
		long period = Math.max(1, this.ttl.toMillis() / 3);
		this.heartbeat.scheduleWithFixedDelay(this::heartbeat, period, period, TimeUnit.MILLISECONDS);
	}

	/**
	 * Return the next ID, if the lease is still known valid once it is composed.
	 * @return the ID
	 * @throws WorkerIdLostException if the lease may have passed to another instance
	 */
	@Override
	public long nextId() {
		Holder holder = this.current;
		long id = holder.generator.nextId();
		checkValid(holder, id);
		return id;
	}

	/**
	 * Return {@code count} IDs, if the lease is still known valid once they are composed.
	 * @param count the number of IDs, from 1 to
	 * {@link io.github.idgen.Sequence#MAX_BATCH_SIZE}
	 * @return the IDs in ascending order
	 * @throws WorkerIdLostException if the lease may have passed to another instance
	 */
	@Override
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
			throw new WorkerIdLostException("The worker of snowflake worker ID " + holder.lease.workerId()
					+ " is closed and released its lease; no ID is issued");
		}
		Holder latest = this.current;
		Holder renewal = (latest.generator == holder.generator) ? latest : holder;
		if (this.nanoTime.getAsLong() - renewal.validUntilNanos >= 0) {
			throw new WorkerIdLostException("The lease of snowflake worker ID " + holder.lease.workerId()
					+ " was not renewed in time and may have passed to another instance; no ID is issued until "
					+ "a worker ID is leased again");
		}
		long timestamp = this.layout.timestampMillis(lastId);
		if (timestamp > renewal.horizonMillis) {
			throw new WorkerIdLostException("The clock ran past the horizon of the lease of snowflake worker ID "
					+ holder.lease.workerId() + ": an ID at " + Instant.ofEpochMilli(timestamp)
					+ " is after the last timestamp promised to the store ("
					+ ((renewal.horizonMillis != NO_HORIZON) ? Instant.ofEpochMilli(renewal.horizonMillis) : "none yet")
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
	 * Check that IDs can be issued now: the lease is known valid.
	 * @throws WorkerIdLostException if it is not
	 */
	@Override
	public void checkAvailable() {
		if (!isValid()) {
			throw new WorkerIdLostException("The lease of snowflake worker ID " + workerId().worker()
					+ " is not known valid; IDs resume once it is renewed or a worker ID is leased again");
		}
	}

	/**
	 * Return the worker ID currently leased.
	 * @return the worker ID
	 */
	@Override
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
	@Override
	public BitLayout layout() {
		return this.layout;
	}

	/**
	 * Return how long the generator of the current lease can still issue IDs by its
	 * clock, until the timestamp bits of the layout run out.
	 * @return the remaining lifetime, zero once it has passed
	 */
	@Override
	public Duration remainingLifetime() {
		return this.current.generator.remainingLifetime();
	}

	/**
	 * Return the datacenter and worker (also as {@code workerId}), whether the lease is
	 * known valid, for how long and until when ({@code leaseExpiresAt}, an ISO-8601
	 * instant), the layout and when its timestamp bits run out ({@code lastTime}).
	 */
	@Override
	public Map<String, Object> info() {
		WorkerId workerId = workerId();
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("datacenter", workerId.datacenter());
		info.put("worker", workerId.worker());
		info.put("workerId", workerId.worker());
		info.put("leaseValid", isValid());
		info.put("leaseValidFor", validFor().toString());
		info.put("leaseExpiresAt", validUntil().toString());
		info.put("layout", this.layout.toString());
		info.put("lastTime", this.layout.lastTime().toString());
		return info;
	}

	/**
	 * Renew the lease, or lease a worker ID again if it was lost and renew the new lease
	 * at once to store its horizon. Run by the heartbeat; does nothing once the worker is
	 * closed. Throws nothing, not even an {@link Error}: a scheduled task that throws is
	 * never run again, and the lease would run out.
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
			logger.error("The lease of snowflake worker ID {} was lost; leasing a worker ID again",
					holder.lease.workerId());
			long started = this.nanoTime.getAsLong();
			Optional<WorkerLease> lease = this.closed ? Optional.empty()
					: this.store.acquire(this.owner, this.layout.maxWorkerId(), this.ttl);
			if (lease.isPresent()) {
				this.current = holder(lease.get(), holder.generator.lastIssuedMillis(), started);
				logger.info("Leased snowflake worker ID {} again", lease.get().workerId());
				renew();
			}
		}
		catch (RuntimeException ex) {
			logger.warn("Could not renew the lease of snowflake worker ID {}; IDs stop once it runs out",
					holder.lease.workerId(), ex);
		}
		catch (Error ex) {
			// Rethrowing would cancel the fixed-delay schedule for good: no renewal after
			// it.
			logger.error("Renewing the lease of snowflake worker ID {} failed with an error; the heartbeat tries "
					+ "again at its next beat", holder.lease.workerId(), ex);
		}
	}

	/**
	 * Renew the current lease, storing the horizon {@code wallClock(t0) + ttl}, and on
	 * success publish its new validity and horizon. Both clocks are read at {@code t0},
	 * before the renewal is sent. Run by the constructor, then by the heartbeat only.
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
				new WorkerId(this.datacenter, lease.workerId()), this.clock, this.maxBackwardWait, this.observer,
				notBefore);
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
	 * its read came before the write of {@code true}, its compare-and-set before its
	 * read, and this method's read of the state after the write: the read sees the
	 * caller's millisecond or a later one. A caller that reads {@code true} returns no
	 * ID. The holder read here is at least as new as one any such caller composed with,
	 * for the same reason; an older generator's IDs are covered too, since a new
	 * generator starts after the last millisecond of the one it replaced.
	 */
	@Override
	public void close() {
		this.closed = true;
		stopHeartbeat();
		Holder holder = this.current;
		try {
			this.store.release(holder.lease, holder.generator.lastIssuedMillis());
		}
		catch (RuntimeException ex) {
			logger.warn("Could not release snowflake worker ID {}; it frees up when its lease expires",
					holder.lease.workerId(), ex);
		}
	}

	/**
	 * Stop the heartbeat and wait up to a ttl for a renewal under way, so that it cannot
	 * lease a worker ID again after the release, nor replace {@link #current} after
	 * {@link #close()} read it.
	 */
	private void stopHeartbeat() {
		this.heartbeat.shutdownNow();
		try {
			if (!this.heartbeat.awaitTermination(this.ttl.toMillis(), TimeUnit.MILLISECONDS)) {
				logger.warn("The heartbeat of snowflake worker ID {} did not stop within {}",
						this.current.lease.workerId(), this.ttl);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * A lease, the generator for its worker ID, the instant, on the monotonic clock,
	 * until which it is known valid, and the horizon stored by its latest renewal.
	 *
	 * @param lease the lease
	 * @param generator the generator of the lease's worker ID
	 * @param validUntilNanos the end of the known validity, on the monotonic clock
	 * @param horizonMillis the latest timestamp, in milliseconds since the Unix epoch,
	 * that an ID may have; {@link #NO_HORIZON} until the lease is renewed
	 */
	private record Holder(WorkerLease lease, SnowflakeGenerator generator, long validUntilNanos, long horizonMillis) {

	}

}
