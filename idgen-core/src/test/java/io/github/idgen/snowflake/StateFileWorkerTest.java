package io.github.idgen.snowflake;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.SequenceObserver;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.test.TestClock;
import io.github.idgen.worker.WorkerId;

import static io.github.idgen.test.Concurrently.runTogether;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for {@link StateFileWorker}: the horizon stored before the first ID and renewed
 * when the clock reaches it, restarts after a crash and after a close with the clock
 * behind, and the files that must fail at startup. Each worker reads a {@link TestClock}
 * and "sleeps" at startup by moving that clock forward; renewals run only when a caller
 * needs one (the periodic renewal is an hour apart) unless a test says otherwise.
 */
class StateFileWorkerTest {

	private static final BitLayout LAYOUT = BitLayout.standard();

	private static final WorkerId WORKER = WorkerId.of(7);

	private static final long START = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

	private static final long HORIZON = StateFileWorker.HORIZON.toMillis();

	private static final Duration NO_PERIODIC_RENEWAL = Duration.ofHours(1);

	private final List<StateFileWorker> workers = new ArrayList<>();

	@TempDir
	Path directory;

	private Path file;

	@AfterEach
	void closeWorkers() {
		this.workers.forEach(StateFileWorker::close);
	}

	@Test
	void firstStartStoresAHorizonAheadOfTheClockBeforeTheFirstId() throws IOException {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		StateFileWorker worker = start(this.file, clock);
		assertThat(storedMillis(this.file)).isEqualTo(START + HORIZON);
		assertThat(Files.readString(this.file)).contains("worker 0/7", "layout 41/0/10/12 since 2025-01-01T00:00:00Z",
				"written-by renewal");
		assertThat(timestamp(worker.nextId())).isEqualTo(START);
		assertThat(worker.layout()).isEqualTo(LAYOUT);
		assertThat(worker.workerId()).isEqualTo(WORKER);
	}

	@Test
	void anIdPastTheHorizonIsReturnedOnceTheRenewalItTriggeredStoredANewOne() throws IOException {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		StateFileWorker worker = start(this.file, clock);
		clock.advance(HORIZON + 3_000);
		long id = worker.nextId();
		assertThat(timestamp(id)).isEqualTo(START + HORIZON + 3_000);
		assertThat(storedMillis(this.file)).isGreaterThanOrEqualTo(timestamp(id));
		clock.advance(HORIZON * 2);
		long[] batch = worker.nextIds(10);
		assertThat(storedMillis(this.file)).isGreaterThanOrEqualTo(timestamp(batch[9]));
	}

	@Test
	void aRenewalNeverLowersTheStoredHorizonWhenTheClockWentBack() throws IOException {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		StateFileWorker worker = start(this.file, clock);
		clock.advance(-1_000);
		worker.renew();
		assertThat(storedMillis(this.file)).isEqualTo(START + HORIZON);
	}

	@Test
	void aCrashWithoutCloseFollowedByARestartOneSecondBehindRepeatsNoId() throws IOException {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		StateFileWorker crashed = start(this.file, clock);
		Set<Long> before = new HashSet<>();
		for (int millis = 0; millis < 3 * HORIZON; millis += 7) {
			before.add(crashed.nextId());
			Arrays.stream(crashed.nextIds(3)).forEach(before::add);
			clock.advance(7);
		}
		long lastBefore = before.stream().mapToLong(this::timestamp).max().getAsLong();
		Path onDiskAtTheCrash = copy(this.file, "restarted");
		TestClock restartedClock = new TestClock(Instant.ofEpochMilli(lastBefore - 1_000));
		StateFileWorker restarted = start(onDiskAtTheCrash, restartedClock);
		assertThat(restartedClock.instant().toEpochMilli()).as("the restart waited for the stored horizon")
			.isGreaterThan(lastBefore);
		Set<Long> after = new HashSet<>();
		for (int i = 0; i < 1_000; i++) {
			after.add(restarted.nextId());
			restartedClock.advance(1);
		}
		assertThat(after).hasSize(1_000).doesNotContainAnyElementsOf(before);
		assertThat(after.stream().mapToLong(this::timestamp).min().getAsLong()).isGreaterThan(lastBefore);
	}

	@Test
	void withoutAStateFileTheSameRestartRepeatsIds() {
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		SnowflakeGenerator crashed = new SnowflakeGenerator(LAYOUT, WORKER, clock, Duration.ZERO,
				SequenceObserver.NONE);
		Set<Long> before = new HashSet<>();
		for (int millis = 0; millis < 1_000; millis++) {
			Arrays.stream(crashed.nextIds(100)).forEach(before::add);
			clock.advance(1);
		}
		TestClock restartedClock = new TestClock(Instant.ofEpochMilli(START));
		SnowflakeGenerator restarted = new SnowflakeGenerator(LAYOUT, WORKER, restartedClock, Duration.ZERO,
				SequenceObserver.NONE);
		Set<Long> after = new HashSet<>();
		for (int millis = 0; millis < 1_000; millis++) {
			Arrays.stream(restarted.nextIds(100)).forEach(after::add);
			restartedClock.advance(1);
		}
		after.retainAll(before);
		assertThat(after).as("IDs the restart repeated").isNotEmpty();
	}

	@Test
	void aGracefulCloseStoresTheLastMillisecondSoThatTheNextStartGoesAtOnce() throws IOException {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		StateFileWorker first = start(this.file, clock);
		clock.advance(10);
		long last = first.nextId();
		first.close();
		assertThat(storedMillis(this.file)).isEqualTo(START + 10);
		assertThat(Files.readString(this.file)).contains("written-by shutdown");
		TestClock nextClock = new TestClock(Instant.ofEpochMilli(START + 11));
		StateFileWorker next = new StateFileWorker(this.file, LAYOUT, WORKER, nextClock, Duration.ZERO,
				SequenceObserver.NONE, (millis) -> {
					throw new AssertionError("slept " + millis + " ms at startup");
				}, NO_PERIODIC_RENEWAL);
		this.workers.add(next);
		assertThat(next.nextId()).isGreaterThan(last);
		assertThat(timestamp(next.nextId())).isEqualTo(START + 11);
	}

	@Test
	void aCloseWithoutAnyIdKeepsTheStoredTimestamp() throws IOException {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		start(this.file, clock);
		Path onDiskAtTheCrash = copy(this.file, "restarted");
		StateFileWorker restarted = start(onDiskAtTheCrash, new TestClock(Instant.ofEpochMilli(START)));
		restarted.close();
		assertThat(storedMillis(onDiskAtTheCrash)).isEqualTo(START + HORIZON);
	}

	@Test
	void aRestartWithTheClockBehindTheStoredTimestampWaitsUpToTheStartupWait() throws IOException {
		this.file = this.directory.resolve("worker.state");
		start(this.file, new TestClock(Instant.ofEpochMilli(START)));
		long stored = storedMillis(this.file);
		long behind = StateFileWorker.STARTUP_WAIT.toMillis();
		TestClock clock = new TestClock(Instant.ofEpochMilli(stored - behind));
		StateFileWorker restarted = start(copy(this.file, "restarted"), clock);
		assertThat(timestamp(restarted.nextId())).isGreaterThan(stored);
	}

	@Test
	void aRestartWithTheClockFurtherBehindFailsNamingTheFileAndTheJump() throws IOException {
		this.file = this.directory.resolve("worker.state");
		start(this.file, new TestClock(Instant.ofEpochMilli(START)));
		long stored = storedMillis(this.file);
		long behind = StateFileWorker.STARTUP_WAIT.toMillis() + 1;
		Path restarted = copy(this.file, "restarted");
		TestClock clock = new TestClock(Instant.ofEpochMilli(stored - behind));
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(() -> start(restarted, clock))
			.withMessageContaining(restarted.toString())
			.withMessageContaining(behind + " ms")
			.satisfies((ex) -> assertThat(ex.getJump()).isEqualTo(Duration.ofMillis(behind)));
		assertThat(clock.instant().toEpochMilli()).as("did not sleep").isEqualTo(stored - behind);
		assertThat(storedMillis(restarted)).as("left the file as it was").isEqualTo(stored);
		TestClock patientClock = new TestClock(Instant.ofEpochMilli(stored - behind));
		StateFileWorker patient = new StateFileWorker(restarted, LAYOUT, WORKER, patientClock,
				Duration.ofMillis(behind), SequenceObserver.NONE, patientClock::advance, NO_PERIODIC_RENEWAL);
		this.workers.add(patient);
		assertThat(timestamp(patient.nextId())).as("a max-backward-wait beyond the startup wait is waited out")
			.isGreaterThan(stored);
	}

	@Test
	void concurrentCallersAcrossRenewalsGetUniqueIncreasingIdsThatTheStoredHorizonCovers() throws Exception {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		clock.stepPerRead(1);
		StateFileWorker worker = new StateFileWorker(this.file, LAYOUT, WORKER, clock, Duration.ZERO,
				SequenceObserver.NONE, clock::advance, Duration.ofMillis(5));
		this.workers.add(worker);
		AtomicLong largestReturned = new AtomicLong();
		AtomicLong uncovered = new AtomicLong();
		List<Callable<long[]>> callers = new ArrayList<>();
		for (int thread = 0; thread < 4; thread++) {
			callers.add(() -> {
				long[] ids = new long[8_000];
				for (int i = 0; i < ids.length; i += 4) {
					ids[i] = worker.nextId();
					System.arraycopy(worker.nextIds(3), 0, ids, i + 1, 3);
					long largest = largestReturned.accumulateAndGet(timestamp(ids[i + 3]), Math::max);
					if (storedMillis(this.file) < largest) {
						uncovered.incrementAndGet();
					}
				}
				return ids;
			});
		}
		List<long[]> results = runTogether(callers);
		for (long[] ids : results) {
			assertThat(ids).isSorted().doesNotHaveDuplicates();
		}
		long[] all = results.stream().flatMapToLong(LongStream::of).toArray();
		assertThat(all).doesNotHaveDuplicates();
		assertThat(timestamp(Arrays.stream(all).max().getAsLong()) - START).as("ran across several horizons")
			.isGreaterThan(5 * HORIZON);
		assertThat(uncovered).as("IDs returned before the file covered them").hasValue(0);
	}

	@Test
	void callsAfterCloseThrow() {
		this.file = this.directory.resolve("worker.state");
		StateFileWorker worker = start(this.file, new TestClock(Instant.ofEpochMilli(START)));
		worker.nextId();
		worker.close();
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(worker::nextId)
			.withMessageContaining("closed");
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(worker::checkAvailable);
		worker.close();
	}

	@Test
	void aFailingRenewalStopsIdsPastTheHorizonUntilARenewalSucceeds() throws IOException {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		StateFileWorker worker = start(this.file, clock);
		worker.checkAvailable();
		Path blocker = Files.createDirectory(this.directory.resolve("worker.state.tmp"));
		clock.advance(HORIZON + 1);
		long started = System.nanoTime();
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(worker::nextId)
			.withMessageContaining(this.file.toString());
		assertThat(Duration.ofNanos(System.nanoTime() - started)).as("waited for a renewal")
			.isGreaterThanOrEqualTo(StateFileWorker.RENEWAL_WAIT);
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(worker::checkAvailable);
		Files.delete(blocker);
		assertThat(timestamp(worker.nextId())).isEqualTo(START + HORIZON + 1);
		worker.checkAvailable();
	}

	@Test
	void aCorruptFileFailsAtStartupNamingIt() throws IOException {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		start(this.file, clock).close();
		String valid = Files.readString(this.file);
		for (String corrupt : List.of("", "garbage", valid.replace("worker 0/7", "worker 0/8"),
				valid.replace("written-by shutdown", "written-by renewal"), valid.substring(0, valid.length() - 2),
				valid + "more\n")) {
			Files.writeString(this.file, corrupt);
			assertThatIllegalStateException().as("file %s", corrupt)
				.isThrownBy(() -> start(this.file, clock))
				.withMessageContaining(this.file.toString())
				.withMessageContaining("corrupt");
		}
		Files.write(this.file, new byte[1 << 20]);
		assertThatIllegalStateException().isThrownBy(() -> start(this.file, clock)).withMessageContaining("corrupt");
	}

	@Test
	void aFileOfAnotherWorkerIdOrLayoutIsRefused() {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		start(this.file, clock).close();
		assertThatIllegalStateException()
			.isThrownBy(() -> new StateFileWorker(this.file, LAYOUT, WorkerId.of(8), clock, Duration.ZERO,
					SequenceObserver.NONE, clock::advance, NO_PERIODIC_RENEWAL))
			.withMessageContaining("worker 0/7")
			.withMessageContaining("worker 0/8")
			.withMessageContaining(this.file.toString());
		BitLayout laterEpoch = LAYOUT.withEpoch(Instant.parse("2025-06-01T00:00:00Z"));
		assertThatIllegalStateException()
			.isThrownBy(() -> new StateFileWorker(this.file, laterEpoch, WORKER, clock, Duration.ZERO,
					SequenceObserver.NONE, clock::advance, NO_PERIODIC_RENEWAL))
			.withMessageContaining("since 2025-01-01T00:00:00Z")
			.withMessageContaining("since 2025-06-01T00:00:00Z");
		assertThat(timestamp(start(this.file, clock).nextId())).as("the file is still this worker's").isPositive();
	}

	@Test
	void twoWorkersCannotShareAFile() {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		StateFileWorker first = start(this.file, clock);
		assertThatIllegalStateException().isThrownBy(() -> start(this.file, clock))
			.withMessageContaining(this.file.toString())
			.withMessageContaining("another");
		first.close();
		assertThat(start(this.file, clock).nextId()).isPositive();
	}

	@Test
	void aFileThatCannotBeWrittenFailsAtStartup() throws IOException {
		this.file = this.directory.resolve("worker.state");
		Files.createDirectory(this.directory.resolve("worker.state.tmp"));
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		assertThatIllegalStateException().isThrownBy(() -> start(this.file, clock))
			.withMessageContaining(this.file.toString())
			.withMessageContaining("write");
		Path inMissingDirectory = this.directory.resolve("missing").resolve("worker.state");
		assertThatIllegalStateException().isThrownBy(() -> start(inMissingDirectory, clock))
			.withMessageContaining("directory");
		assertThatIllegalStateException().isThrownBy(() -> start(this.directory, clock))
			.withMessageContaining(this.directory.toString());
	}

	@Test
	void aTemporaryFileLeftByACrashDuringAWriteIsIgnored() throws IOException {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		start(this.file, clock).close();
		Files.writeString(this.directory.resolve("worker.state.tmp"), "idgen-snowflake-state 1\nlayo");
		StateFileWorker restarted = start(this.file, clock);
		assertThat(storedMillis(this.file)).isEqualTo(START + HORIZON);
		assertThat(restarted.nextId()).isPositive();
	}

	@Test
	void rejectsInvalidArguments() {
		Path path = this.directory.resolve("worker.state");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new StateFileWorker(null, LAYOUT, WORKER, Duration.ZERO, SequenceObserver.NONE))
			.withMessage("file must not be null");
		assertThatIllegalArgumentException().isThrownBy(
				() -> new StateFileWorker(path, LAYOUT, WorkerId.of(1024), Duration.ZERO, SequenceObserver.NONE));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new StateFileWorker(path, LAYOUT, WORKER, Duration.ofMillis(-1), SequenceObserver.NONE));
		assertThat(path).doesNotExist();
	}

	private StateFileWorker start(Path path, TestClock clock) {
		StateFileWorker worker = new StateFileWorker(path, LAYOUT, WORKER, clock, Duration.ZERO, SequenceObserver.NONE,
				clock::advance, NO_PERIODIC_RENEWAL);
		this.workers.add(worker);
		return worker;
	}

	private Path copy(Path state, String directoryName) throws IOException {
		Path copy = Files.createDirectory(this.directory.resolve(directoryName)).resolve(state.getFileName());
		return Files.copy(state, copy);
	}

	private long timestamp(long id) {
		return LAYOUT.timestampMillis(id);
	}

	@Test
	void anErrorInABackgroundRenewalDoesNotStopTheRenewals() throws Exception {
		this.file = this.directory.resolve("worker.state");
		TestClock clock = new TestClock(Instant.ofEpochMilli(START));
		StateFileWorker worker = new StateFileWorker(this.file, LAYOUT, WORKER, clock, Duration.ZERO,
				SequenceObserver.NONE, clock::advance, Duration.ofMillis(5));
		this.workers.add(worker);
		AtomicReference<String> failedOn = new AtomicReference<>();
		clock.onNextRead(() -> {
			failedOn.set(Thread.currentThread().getName());
			throw new NoClassDefFoundError("a class failed to load");
		});
		clock.advance(10_000);
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		while (storedMillis(this.file) < START + 10_000 + HORIZON && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		assertThat(failedOn).as("the thread of the renewal that failed with an Error")
			.hasValue("idgen-snowflake-state");
		assertThat(storedMillis(this.file)).as("the horizon renewed after the Error")
			.isEqualTo(START + 10_000 + HORIZON);
	}

	@Test
	void theRenewalsRunOnAThreadOfItsOwnWhileTheApplicationsExecutorIsBusyAndCloseLeavesThatRunning() throws Exception {
		this.file = this.directory.resolve("worker.state");
		Set<String> readers = ConcurrentHashMap.newKeySet();
		Clock clock = new Clock() {

			@Override
			public long millis() {
				readers.add(Thread.currentThread().getName());
				return System.currentTimeMillis();
			}

			@Override
			public Instant instant() {
				return Instant.ofEpochMilli(millis());
			}

			@Override
			public ZoneId getZone() {
				return ZoneOffset.UTC;
			}

			@Override
			public Clock withZone(ZoneId zone) {
				throw new UnsupportedOperationException();
			}

		};
		ExecutorService application = Executors.newSingleThreadExecutor((task) -> new Thread(task, "application"));
		CountDownLatch busy = new CountDownLatch(1);
		application.execute(() -> {
			try {
				busy.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		try {
			StateFileWorker worker = new StateFileWorker(this.file, LAYOUT, WORKER, clock, Duration.ZERO,
					SequenceObserver.NONE, BackgroundThreads.daemon().on(application));
			long first = storedMillis(this.file);
			long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
			while (storedMillis(this.file) <= first && System.nanoTime() < deadline) {
				Thread.sleep(20);
			}
			assertThat(storedMillis(this.file)).as("the horizon renewed in the background").isGreaterThan(first);
			assertThat(readers).as("threads that read the clock")
				.contains("idgen-snowflake-state")
				.doesNotContain("application");
			long id = worker.nextId();
			worker.close();
			busy.countDown();
			assertThat(storedMillis(this.file)).as("the last millisecond stored at close").isEqualTo(timestamp(id));
			assertThat(application.isShutdown()).isFalse();
			assertThat(application.submit(() -> "running").get()).isEqualTo("running");
		}
		finally {
			application.shutdownNow();
		}
	}

	/**
	 * Return the milliseconds of the {@code last-timestamp} line of a state file.
	 */
	private static long storedMillis(Path state) throws IOException {
		for (String line : Files.readAllLines(state, StandardCharsets.UTF_8)) {
			if (line.startsWith("last-timestamp ")) {
				return Long.parseLong(line.split(" ")[1]);
			}
		}
		throw new AssertionError("No last-timestamp in " + state);
	}

}
