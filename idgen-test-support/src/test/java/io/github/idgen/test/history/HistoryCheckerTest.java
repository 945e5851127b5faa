package io.github.idgen.test.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.WorkerIdLostException;
import io.github.idgen.test.history.HistoryRecorder.Outcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class HistoryCheckerTest {

	@TempDir
	Path directory;

	@Test
	void countsAcknowledgedIdsOfEveryFile() {
		AtomicLong counter = new AtomicLong();
		record("a", 1000, counter::incrementAndGet);
		record("b", 500, counter::incrementAndGet);

		HistoryReport report = HistoryChecker.checkDirectory(this.directory);

		assertThat(report.attempted()).isEqualTo(1500);
		assertThat(report.acknowledged()).isEqualTo(1500);
		assertThat(report.duplicates()).isZero();
		assertThat(report.monotonicityViolations()).isZero();
		assertThat(report.largestGap()).isZero();
		assertThat(report.unknown()).isZero();
		assertThat(report.failures()).isEmpty();
	}

	@Test
	void findsAnIdAcknowledgedInTwoFiles() {
		record("a", 10, new AtomicLong(0)::incrementAndGet);
		record("b", 10, new AtomicLong(9)::incrementAndGet);

		HistoryReport report = HistoryChecker.checkDirectory(this.directory);

		assertThat(report.duplicates()).isEqualTo(1);
		assertThat(report.examples()).containsExactly("duplicate 10");
	}

	@Test
	void findsAnIdThatDoesNotIncreaseWithinAFile() {
		long[] ids = { 5, 6, 4, 7, 7 };
		AtomicLong index = new AtomicLong();
		record("a", ids.length, () -> ids[(int) index.getAndIncrement()]);

		HistoryReport report = HistoryChecker.checkDirectory(this.directory);

		assertThat(report.monotonicityViolations()).isEqualTo(2);
		assertThat(report.duplicates()).isEqualTo(1);
		assertThat(report.examples()).contains("a: 4 after 6", "a: 7 after 7");
	}

	@Test
	void reportsTheLargestGapBetweenNeighbouringIds() {
		long[] ids = { 1, 2, 10, 11, 20, 100 };
		AtomicLong index = new AtomicLong();
		record("a", ids.length, () -> ids[(int) index.getAndIncrement()]);

		assertThat(HistoryChecker.checkDirectory(this.directory).largestGap()).isEqualTo(79);
	}

	@Test
	void countsFailuresByTypeAndNoIdForThem() {
		AtomicLong calls = new AtomicLong();
		record("a", 6, () -> {
			long call = calls.incrementAndGet();
			if (call % 3 == 0) {
				throw new BackendUnavailableException("down", null);
			}
			if (call == 5) {
				throw new WorkerIdLostException("lost");
			}
			if (call == 4) {
				throw new IllegalStateException("other");
			}
			return call;
		});

		HistoryReport report = HistoryChecker.checkDirectory(this.directory);

		assertThat(report.attempted()).isEqualTo(6);
		assertThat(report.acknowledged()).isEqualTo(2);
		assertThat(report.failures(FailureType.BACKEND_UNAVAILABLE)).isEqualTo(2);
		assertThat(report.failures(FailureType.WORKER_ID_LOST)).isOne();
		assertThat(report.failures(FailureType.OTHER)).isOne();
		assertThat(report.summaryLine("outage", "h2")).contains("attempted=6", "acknowledged=2", "duplicates=0",
				"BackendUnavailableException=2", "WorkerIdLostException=1", "Other=1");
	}

	@Test
	void countsACallThatNeverCompletedAsUnknown() {
		try (HistoryRecorder recorder = HistoryRecorder.create(this.directory.resolve("a"), 10)) {
			recorder.record(() -> 1);
			recorder.invoke();
		}

		HistoryReport report = HistoryChecker.checkDirectory(this.directory);

		assertThat(report.attempted()).isEqualTo(2);
		assertThat(report.acknowledged()).isOne();
		assertThat(report.unknown()).isOne();
	}

	@Test
	void reportsTheSlowestCall() {
		record("a", 3, () -> {
			sleep(20);
			return System.nanoTime();
		});

		HistoryReport report = HistoryChecker.checkDirectory(this.directory);

		assertThat(report.maxLatency().toMillis()).isGreaterThanOrEqualTo(20);
		assertThat(report.p999Latency().toMillis()).isGreaterThanOrEqualTo(20);
	}

	@Test
	void refusesCallsBeyondItsCapacity() {
		try (HistoryRecorder recorder = HistoryRecorder.create(this.directory.resolve("a"), 1)) {
			assertThat(recorder.record(() -> 1)).isEqualTo(Outcome.OK);
			assertThat(recorder.hasCapacity()).isFalse();
			assertThatIllegalStateException().isThrownBy(() -> recorder.record(() -> 2))
				.withMessageContaining("full after 1 calls");
		}
	}

	@Test
	void readsUpToTheFirstSlotNeverWritten() throws Exception {
		record("a", 1, () -> 1);

		assertThat(Files.size(this.directory.resolve("a"))).isEqualTo(HistoryRecorder.SLOT_BYTES * 1_000_000L);
		assertThat(HistoryChecker.checkDirectory(this.directory).attempted()).isOne();
	}

	@Test
	void readsTheCallsOfAFileFromAnIndexWhileItIsWritten() {
		Path file = this.directory.resolve("a");
		try (HistoryRecorder recorder = HistoryRecorder.create(file, 10)) {
			recorder.record(() -> 7);
			recorder.record(() -> {
				throw new BackendUnavailableException("down", null);
			});
			recorder.invoke();

			List<RecordedCall> calls = HistoryChecker.calls(file, 0);

			assertThat(calls).extracting(RecordedCall::outcome)
				.containsExactly(Outcome.OK, Outcome.FAILED, Outcome.INVOKED);
			assertThat(calls.get(0).id()).isEqualTo(7);
			assertThat(calls.get(0).ok()).isTrue();
			assertThat(calls.get(1).failure()).isEqualTo(FailureType.BACKEND_UNAVAILABLE);
			assertThat(calls.get(1).failed()).isTrue();
			assertThat(HistoryChecker.calls(file, 1)).extracting(RecordedCall::outcome)
				.containsExactly(Outcome.FAILED, Outcome.INVOKED);
			assertThat(HistoryChecker.calls(file, 3)).isEmpty();
		}
	}

	private void record(String file, int calls, LongSupplier generator) {
		try (HistoryRecorder recorder = HistoryRecorder.create(this.directory.resolve(file), 1_000_000)) {
			for (int i = 0; i < calls; i++) {
				recorder.record(generator);
			}
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
