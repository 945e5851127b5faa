package io.github.idgen.snowflake;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.SequenceObserver;
import io.github.idgen.background.BackgroundScheduler;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.worker.WorkerId;

/**
 * A {@link SnowflakeWorker} for a worker ID without a lease (static or a StatefulSet
 * ordinal) that keeps, in a local file, a timestamp that none of its IDs is after, so
 * that a restart whose clock is behind the previous run cannot repeat its IDs. It is the
 * file-based counterpart of the horizon that a leased worker stores with its lease.
 * <p>
 * <b>Horizon.</b> Before the first ID, and then every {@link #RENEWAL_PERIOD}, the worker
 * stores in its {@link SnowflakeStateFile} the <em>horizon</em>
 * {@code max(previous horizon, clock + HORIZON)}, durably (forced to the disk, renamed
 * atomically), and only then publishes it to callers. An ID is returned only if its
 * timestamp (for a batch, that of its last ID) is at or before the published horizon, so
 * every ID returned is covered by a timestamp already on the disk, whenever the process
 * dies. A renewal never lowers the horizon, also when the clock went back.
 * <p>
 * <b>Past the horizon.</b> Normally the horizon stays 1.5 to 2 seconds ahead of the
 * clock. A caller whose ID is past it (the clock jumped forward, or renewals fail or are
 * slow) asks for a renewal at once and waits for it up to {@link #RENEWAL_WAIT}, then
 * returns its ID; if none succeeded by then it throws {@link BackendUnavailableException}
 * and its ID is never returned. Waiting rather than failing at once turns a forward jump
 * of the clock into a pause of one file write instead of a burst of failures.
 * <p>
 * <b>Startup.</b> The worker reads the stored timestamp and issues nothing at or before
 * it: a missing file is a first start; after a crash it is the last horizon, up to
 * {@link #HORIZON} ahead of the moment of the crash, so an immediate restart waits at
 * most about that long; after a graceful {@link #close()} it is the exact last
 * millisecond, so the next start need not wait. A clock behind the stored timestamp by up
 * to {@link #STARTUP_WAIT} (or {@code maxBackwardWait} if that is longer) is waited out
 * in the constructor; further behind, the constructor throws
 * {@link ClockMovedBackwardsException}. A file that cannot be read or written, is
 * corrupt, belongs to another worker ID or layout, or is locked by another instance fails
 * the constructor with {@link IllegalStateException}.
 * <p>
 * <b>Thread ownership.</b> {@link #horizonMillis} is set by the constructor before any
 * other thread sees the worker, then written by renewals (the constructor's first one,
 * then the background ones) and once by {@link #close()}, each under {@link #writeLock}
 * together with the file write it publishes, and read by every caller; it is volatile so
 * that callers see a renewal at once and see {@link #CLOSED} after a close (why that is
 * enough is explained in {@link #close()}). {@link #writeLock} is a
 * {@link ReentrantLock}, not a monitor, because it is held across the file write: a
 * virtual thread that waits for a monitor, or blocks while it holds one, pins its carrier
 * on JDK 21 to 23. {@link #renewalRequested} lets one caller at a time queue a renewal.
 * {@link #renewalFailing} belongs to the background renewals, which never overlap: their
 * scheduler runs one task at a time, on the {@link BackgroundThreads} the worker is given
 * (by default a daemon thread of its own named {@code idgen-snowflake-state}). Callers
 * never take a lock: one past the horizon parks until a renewal publishes a later one.
 * The generator inside is thread-safe.
 */
public final class StateFileWorker implements SnowflakeWorker {

	/**
	 * How far ahead of the clock a renewal stores the horizon: 2 seconds, the longest an
	 * immediate restart after a crash waits.
	 */
	public static final Duration HORIZON = Duration.ofSeconds(2);

	/**
	 * How often the horizon is renewed: every 500 milliseconds, so that a renewal may be
	 * late by 1.5 seconds before any caller notices.
	 */
	public static final Duration RENEWAL_PERIOD = Duration.ofMillis(500);

	/**
	 * How long a caller whose ID is past the horizon waits for a renewal: 1 second.
	 */
	public static final Duration RENEWAL_WAIT = Duration.ofSeconds(1);

	/**
	 * How far the clock may be behind the stored timestamp at startup and still be waited
	 * out: 10 seconds, a crash's horizon plus a step of the clock of several seconds.
	 */
	public static final Duration STARTUP_WAIT = Duration.ofSeconds(10);

	private static final Logger logger = LoggerFactory.getLogger(StateFileWorker.class);

	/**
	 * The horizon once the worker is closed: every ID is after it.
	 */
	private static final long CLOSED = Long.MIN_VALUE;

	private static final long PARK_NANOS = 100_000;

	private final SnowflakeStateFile file;

	private final BitLayout layout;

	private final Clock clock;

	private final SnowflakeGenerator generator;

	/**
	 * The renewals' scheduler: always a thread of idgen's own
	 * ({@link BackgroundThreads#ownThreads()}), never an executor of the application's,
	 * whose queue could hold a renewal until callers wait for the horizon and fail.
	 */
	private final BackgroundScheduler renewals;

	private final ReentrantLock writeLock = new ReentrantLock();

	private final AtomicBoolean renewalRequested = new AtomicBoolean();

	private volatile long horizonMillis;

	private boolean renewalFailing;

	/**
	 * Open the state file, wait for the clock to pass the timestamp stored in it, store
	 * the first horizon and start renewing it.
	 * @param file the state file of this worker ID alone, in an existing directory on a
	 * local disk that survives restarts
	 * @param layout the layout of the IDs
	 * @param workerId the worker ID, which must fit the layout
	 * @param maxBackwardWait how far the clock may move backwards and still be waited out
	 * @param observer hears of every call that finds the clock behind
	 * @throws IllegalArgumentException if an argument is not valid
	 * @throws IllegalStateException if the file cannot be used, naming it and the reason
	 * @throws ClockMovedBackwardsException if the clock is further behind the stored
	 * timestamp than can be waited out
	 */
	public StateFileWorker(Path file, BitLayout layout, WorkerId workerId, Duration maxBackwardWait,
			SequenceObserver observer) {
		this(file, layout, workerId, Clock.systemUTC(), maxBackwardWait, observer);
	}

	/**
	 * Open the state file, wait for the given clock to pass the timestamp stored in it,
	 * store the first horizon and start renewing it.
	 * @param file the state file of this worker ID alone, in an existing directory on a
	 * local disk that survives restarts
	 * @param layout the layout of the IDs
	 * @param workerId the worker ID, which must fit the layout
	 * @param clock the clock of the IDs and the horizons
	 * @param maxBackwardWait how far the clock may move backwards and still be waited out
	 * @param observer hears of every call that finds the clock behind
	 * @throws IllegalArgumentException if an argument is not valid
	 * @throws IllegalStateException if the file cannot be used, naming it and the reason
	 * @throws ClockMovedBackwardsException if the clock is further behind the stored
	 * timestamp than can be waited out
	 */
	public StateFileWorker(Path file, BitLayout layout, WorkerId workerId, Clock clock, Duration maxBackwardWait,
			SequenceObserver observer) {
		this(file, layout, workerId, clock, maxBackwardWait, observer, BackgroundThreads.daemon());
	}

	/**
	 * Open the state file, wait for the given clock to pass the timestamp stored in it,
	 * store the first horizon and start renewing it on the given background threads.
	 * @param file the state file of this worker ID alone, in an existing directory on a
	 * local disk that survives restarts
	 * @param layout the layout of the IDs
	 * @param workerId the worker ID, which must fit the layout
	 * @param clock the clock of the IDs and the horizons
	 * @param maxBackwardWait how far the clock may move backwards and still be waited out
	 * @param observer hears of every call that finds the clock behind
	 * @param threads what runs the renewals, one at a time
	 * @throws IllegalArgumentException if an argument is not valid
	 * @throws IllegalStateException if the file cannot be used, naming it and the reason
	 * @throws ClockMovedBackwardsException if the clock is further behind the stored
	 * timestamp than can be waited out
	 */
	public StateFileWorker(Path file, BitLayout layout, WorkerId workerId, Clock clock, Duration maxBackwardWait,
			SequenceObserver observer, BackgroundThreads threads) {
		this(file, layout, workerId, clock, maxBackwardWait, observer, Thread::sleep, RENEWAL_PERIOD, threads);
	}

	StateFileWorker(Path file, BitLayout layout, WorkerId workerId, Clock clock, Duration maxBackwardWait,
			SequenceObserver observer, Sleeper sleeper, Duration renewalPeriod) {
		this(file, layout, workerId, clock, maxBackwardWait, observer, sleeper, renewalPeriod,
				BackgroundThreads.daemon());
	}

	private StateFileWorker(Path file, BitLayout layout, WorkerId workerId, Clock clock, Duration maxBackwardWait,
			SequenceObserver observer, Sleeper sleeper, Duration renewalPeriod, BackgroundThreads threads) {
		if (threads == null) {
			throw new IllegalArgumentException("threads must not be null");
		}
		if (file == null) {
			throw new IllegalArgumentException("file must not be null");
		}
		if (layout == null) {
			throw new IllegalArgumentException("layout must not be null");
		}
		layout.checkFits(workerId);
		if (maxBackwardWait == null || maxBackwardWait.isNegative()) {
			throw new IllegalArgumentException(
					"maxBackwardWait must not be null or negative but was " + maxBackwardWait);
		}
		this.layout = layout;
		this.clock = clock;
		this.file = SnowflakeStateFile.lock(file, layout, workerId);
		try {
			long notAfter = readStored(workerId);
			awaitClockPast(notAfter, Math.max(STARTUP_WAIT.toMillis(), maxBackwardWait.toMillis()), sleeper);
			this.generator = new SnowflakeGenerator(layout, workerId, clock, maxBackwardWait, observer, notAfter);
			this.horizonMillis = notAfter;
			renew();
		}
		catch (IOException ex) {
			this.file.close();
			throw new IllegalStateException("Could not write the snowflake state file " + this.file.path() + " ("
					+ FailureDescriptions.describe(ex) + ")", ex);
		}
		catch (RuntimeException ex) {
			this.file.close();
			throw ex;
		}
		this.renewals = threads.ownThreads().scheduler("idgen-snowflake-state", 1);
		this.renewals.scheduleWithFixedDelay(this::renewInBackground, renewalPeriod.toMillis(),
				renewalPeriod.toMillis(), TimeUnit.MILLISECONDS);
	}

	private long readStored(WorkerId workerId) {
		SnowflakeStateFile.Stored stored = this.file.read();
		if (stored == null) {
			logger.info("Snowflake worker {} starts without a state in {}: a first start", workerId, this.file.path());
			return 0;
		}
		logger.info("Snowflake worker {} issues no ID at or before {}, {} in {}", workerId,
				Instant.ofEpochMilli(stored.lastMillis()),
				stored.shutdown() ? "the last millisecond of a graceful shutdown"
						: "the horizon of a run that did not shut down gracefully",
				this.file.path());
		return stored.lastMillis();
	}

	/**
	 * Wait until the clock is past a stored timestamp, or throw if it is further behind
	 * than {@code maxWaitMillis}, or does not get past it while twice that is slept.
	 */
	private void awaitClockPast(long notAfter, long maxWaitMillis, Sleeper sleeper) {
		long slept = 0;
		for (long behind = notAfter - this.clock.millis(); behind >= 0; behind = notAfter - this.clock.millis()) {
			if (behind > maxWaitMillis || slept > 2 * maxWaitMillis) {
				Duration jump = Duration.ofMillis(behind);
				throw new ClockMovedBackwardsException(jump,
						"The clock reads " + Instant.ofEpochMilli(notAfter - behind) + ", " + behind + " ms before "
								+ Instant.ofEpochMilli(notAfter) + ", the timestamp stored in the snowflake state file "
								+ this.file.path() + ", and no more than " + maxWaitMillis
								+ " ms are waited out: correct the clock");
			}
			if (slept == 0) {
				logger.warn("The clock is {} ms behind the timestamp stored in {}; waiting for it to pass", behind,
						this.file.path());
			}
			try {
				sleeper.sleep(behind + 1);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while waiting for the clock to pass the timestamp stored "
						+ "in the snowflake state file " + this.file.path(), ex);
			}
			slept += behind + 1;
		}
	}

	@Override
	public long nextId() {
		long id = this.generator.nextId();
		long timestamp = this.layout.timestampMillis(id);
		if (timestamp > this.horizonMillis) {
			awaitHorizon(timestamp);
		}
		return id;
	}

	@Override
	public long[] nextIds(int count) {
		long[] ids = this.generator.nextIds(count);
		long timestamp = this.layout.timestampMillis(ids[ids.length - 1]);
		if (timestamp > this.horizonMillis) {
			awaitHorizon(timestamp);
		}
		return ids;
	}

	/**
	 * Wait until a stored horizon covers a timestamp, asking for a renewal, for at most
	 * {@link #RENEWAL_WAIT}.
	 * @param timestamp the timestamp of an ID, in milliseconds since the Unix epoch
	 * @throws BackendUnavailableException if the worker is closed or no renewal covered
	 * the timestamp in time
	 */
	private void awaitHorizon(long timestamp) {
		long deadline = System.nanoTime() + RENEWAL_WAIT.toNanos();
		for (long horizon = this.horizonMillis; timestamp > horizon; horizon = this.horizonMillis) {
			if (horizon == CLOSED) {
				throw closed();
			}
			if (System.nanoTime() - deadline >= 0) {
				throw new BackendUnavailableException("The horizon stored in the snowflake state file "
						+ this.file.path() + " ends at " + Instant.ofEpochMilli(horizon) + " and no renewal stored a "
						+ "later one within " + RENEWAL_WAIT.toMillis() + " ms; worker " + workerId()
						+ " issues no ID at " + Instant.ofEpochMilli(timestamp) + " until one does");
			}
			requestRenewal();
			LockSupport.parkNanos(PARK_NANOS);
		}
	}

	private void requestRenewal() {
		if (this.renewalRequested.compareAndSet(false, true)) {
			try {
				this.renewals.execute(this::renewInBackground);
			}
			catch (RejectedExecutionException ex) {
				// closed meanwhile: the caller's next look at the horizon sees CLOSED
			}
		}
	}

	/**
	 * Check that IDs can be issued now: the worker is open and the stored horizon is not
	 * behind the clock.
	 * @throws BackendUnavailableException if not, with the reason
	 */
	@Override
	public void checkAvailable() {
		long horizon = this.horizonMillis;
		if (horizon == CLOSED) {
			throw closed();
		}
		if (this.clock.millis() > horizon) {
			throw new BackendUnavailableException("The horizon stored in the snowflake state file " + this.file.path()
					+ " ended at " + Instant.ofEpochMilli(horizon) + " and was not renewed; worker " + workerId()
					+ " issues IDs again once a renewal succeeds");
		}
	}

	private BackendUnavailableException closed() {
		return new BackendUnavailableException(
				"Snowflake worker " + workerId() + " is closed and stored its last timestamp; no ID is issued");
	}

	/**
	 * Renew the horizon and log a failure, the first of a series at WARN. An
	 * {@link Error} is caught too, since one escaping would cancel every later renewal
	 * silently. Run by the background renewals.
	 */
	private void renewInBackground() {
		this.renewalRequested.set(false);
		try {
			renew();
			if (this.renewalFailing) {
				logger.info("The snowflake state file {} is written again", this.file.path());
				this.renewalFailing = false;
			}
		}
		catch (IOException | RuntimeException | Error ex) {
			if (!this.renewalFailing) {
				logger.warn("Could not write the snowflake state file {} ({}); IDs stop once the clock passes the "
						+ "stored horizon", this.file.path(), FailureDescriptions.describe(ex), ex);
			}
			else {
				logger.debug("Could not write the snowflake state file {} again", this.file.path(), ex);
			}
			this.renewalFailing = true;
		}
	}

	/**
	 * Store the horizon {@code max(horizon, clock + HORIZON)} and publish it once it is
	 * on the disk. Does nothing once the worker is closed. Run by the constructor, then
	 * by the background renewals only.
	 * @throws IOException if the file cannot be written
	 */
	void renew() throws IOException {
		this.writeLock.lock();
		try {
			long current = this.horizonMillis;
			if (current == CLOSED) {
				return;
			}
			long horizon = Math.max(current, this.clock.millis() + HORIZON.toMillis());
			this.file.write(horizon, false);
			this.horizonMillis = horizon;
		}
		finally {
			this.writeLock.unlock();
		}
	}

	@Override
	public WorkerId workerId() {
		return this.generator.workerId();
	}

	@Override
	public BitLayout layout() {
		return this.layout;
	}

	@Override
	public Duration remainingLifetime() {
		return this.generator.remainingLifetime();
	}

	/**
	 * Return what the generator tells of itself: the state file adds nothing.
	 */
	@Override
	public Map<String, Object> info() {
		return this.generator.info();
	}

	/**
	 * Stop renewing, store the exact last millisecond this worker issued IDs at (which
	 * may lower the stored horizon, so that the next start need not wait for it) and
	 * release the file. From then on every call throws
	 * {@link BackendUnavailableException}. Safe to call concurrently with callers and
	 * more than once. If the file cannot be written it keeps the last horizon, which
	 * covers every ID too.
	 * <p>
	 * The stored value covers every ID returned: this method writes {@link #CLOSED} to
	 * the volatile horizon first and reads the generator's last millisecond after that,
	 * while a caller composes its ID (a compare-and-set on the generator's atomic state)
	 * before it reads the horizon. Volatile and atomic accesses are totally ordered
	 * consistently with each thread's program order, so if a caller read a horizon other
	 * than {@link #CLOSED}, its compare-and-set came before this method's read of the
	 * state, which therefore sees the caller's millisecond or a later one. A caller that
	 * reads {@link #CLOSED} returns no ID.
	 */
	@Override
	public void close() {
		this.writeLock.lock();
		try {
			if (this.horizonMillis == CLOSED) {
				return;
			}
			this.horizonMillis = CLOSED;
			long lastMillis = this.generator.lastIssuedMillis();
			try {
				this.file.write(lastMillis, true);
				logger.info("Snowflake worker {} stored its last timestamp {} in {}", workerId(),
						Instant.ofEpochMilli(lastMillis), this.file.path());
			}
			catch (IOException ex) {
				logger.warn(
						"Could not store the last timestamp of snowflake worker {} in {} ({}); the next start "
								+ "waits for the stored horizon",
						workerId(), this.file.path(), FailureDescriptions.describe(ex), ex);
			}
		}
		finally {
			this.writeLock.unlock();
		}
		this.renewals.shutdownNow();
		this.file.close();
	}

	/**
	 * Waits at startup for the clock to pass the stored timestamp; a test moves its clock
	 * instead.
	 */
	@FunctionalInterface
	interface Sleeper {

		/**
		 * Wait for about {@code millis} milliseconds.
		 * @param millis the time to wait
		 * @throws InterruptedException if interrupted
		 */
		void sleep(long millis) throws InterruptedException;

	}

}
