package io.github.idgen.segment;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.RecordingObserver;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceObserver;
import io.github.idgen.test.MixedDraws;
import io.github.idgen.test.WaitingCall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for what a {@link SegmentBuffer} tells its {@link SequenceObserver} and for its
 * count of IDs issued.
 */
class SegmentBufferObservationTest {

	private final List<SegmentSequences> factories = new ArrayList<>();

	@AfterEach
	void close() {
		this.factories.forEach(SegmentSequences::close);
	}

	@Test
	void fetchIsReportedWithSequenceSizeAndDuration() {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.setDelay(Duration.ofMillis(30));
		RecordingObserver observer = new RecordingObserver();
		SegmentBuffer buffer = buffer(store, settings(100, 0.5, Duration.ofSeconds(5)), observer);
		buffer.next();
		WaitingCall.awaitUntil(() -> !observer.fetched.isEmpty(), "the fetch reported, after its segment");
		assertThat(observer.fetched).hasSize(1);
		RecordingObserver.Fetched fetched = observer.fetched.get(0);
		assertThat(fetched.sequence()).isEqualTo("order");
		assertThat(fetched.size()).isEqualTo(100);
		assertThat(fetched.duration()).isGreaterThanOrEqualTo(Duration.ofMillis(30));
		assertThat(observer.failed).isEmpty();
		Map<String, Object> info = buffer.info();
		assertThat(info).containsEntry("nextStep", 100L).containsKey("lastFetchAt").containsKey("lastFetchMillis");
		assertThat(Instant.parse((String) info.get("lastFetchAt"))).isBeforeOrEqualTo(Instant.now());
		assertThat((Long) info.get("lastFetchMillis")).isGreaterThanOrEqualTo(30);
	}

	@Test
	void beforeTheFirstFetchInfoHasNoFetchTimeAndTheConfiguredStep() {
		SegmentBuffer buffer = buffer(new InMemorySegmentStore(), settings(100, 0.5, Duration.ofSeconds(5)),
				SequenceObserver.NONE);
		assertThat(buffer.info()).containsEntry("nextStep", 100L)
			.containsEntry("lastFetchAt", null)
			.containsEntry("lastFetchMillis", null)
			.containsEntry("issued", 0L)
			.containsKeys("segmentStart", "segmentEnd", "remaining", "prefetched", "step");
	}

	@Test
	void failedFetchIsReportedWithItsFailure() {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.setFailing(true);
		RecordingObserver observer = new RecordingObserver();
		SegmentBuffer buffer = buffer(store, settings(100, 0.5, Duration.ofMillis(100)), observer);
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(buffer::next);
		assertThat(observer.failed).isNotEmpty();
		assertThat(observer.failed.get(0).sequence()).isEqualTo("order");
		assertThat(observer.failed.get(0).failure()).hasMessage("store is down");
		assertThat(observer.fetched).isEmpty();
	}

	@Test
	void callerThatWaitsForASegmentIsReportedOnce() throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.block();
		RecordingObserver observer = new RecordingObserver();
		SegmentBuffer buffer = buffer(store, settings(100, 0.5, Duration.ofSeconds(5)), observer);
		CompletableFuture<Long> caller = CompletableFuture.supplyAsync(buffer::next);
		TimeUnit.MILLISECONDS.sleep(100);
		store.release();
		assertThat(caller.get(5, TimeUnit.SECONDS)).isEqualTo(1);
		assertThat(observer.waited).hasSize(1);
		assertThat(observer.waited.get(0).sequence()).isEqualTo("order");
		assertThat(observer.waited.get(0).waited()).isGreaterThanOrEqualTo(Duration.ofMillis(90));
	}

	@Test
	void callerThatFindsASegmentDoesNotWait() throws Exception {
		RecordingObserver observer = new RecordingObserver();
		SegmentBuffer buffer = buffer(new InMemorySegmentStore(), settings(1000, 0.1, Duration.ofSeconds(5)), observer);
		for (int i = 0; i < 200; i++) {
			buffer.next();
		}
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (buffer.state().prefetched() == 0 && System.nanoTime() < deadline) {
			TimeUnit.MILLISECONDS.sleep(1);
		}
		for (int i = 0; i < 1000; i++) {
			buffer.next();
		}
		assertThat(buffer.state().segmentStart()).as("switched to the prefetched segment").isEqualTo(1001);
		assertThat(observer.waited).as("only the very first call waited").hasSize(1);
	}

	@Test
	void issuedCountsEveryIdOfManyThreadsAndBatchesExactly() throws Exception {
		SegmentBuffer buffer = buffer(new InMemorySegmentStore(), settings(64, 0.5, Duration.ofSeconds(10)),
				SequenceObserver.NONE);
		int idsPerThread = 50_000;
		long total = MixedDraws.draw(buffer, 4, idsPerThread, 37);
		assertThat(total).isEqualTo(4L * idsPerThread);
		assertThat(buffer.issued()).isEqualTo(total);
		assertThat(buffer.info()).containsEntry("issued", total);
	}

	@Test
	void warmUpFetchesTheCurrentAndTheNextSegmentWithoutIssuingAnId() {
		InMemorySegmentStore store = new InMemorySegmentStore();
		SegmentBuffer buffer = buffer(store, settings(100, 0.5, Duration.ofSeconds(5)), SequenceObserver.NONE);
		buffer.warmUp();
		SegmentBuffer.State state = buffer.state();
		assertThat(state.segmentStart()).isEqualTo(1);
		assertThat(state.remaining()).isEqualTo(100);
		assertThat(state.prefetched()).isEqualTo(100);
		assertThat(buffer.issued()).isZero();
		buffer.warmUp();
		assertThat(store.allocations()).isEqualTo(2);
		assertThat(buffer.next()).isEqualTo(1);
	}

	@Test
	void throwingObserverDoesNotBreakGeneration() {
		SequenceObserver throwing = new SequenceObserver() {

			@Override
			public void segmentFetched(String sequence, long size, Duration duration) {
				throw new IllegalStateException("observer broke");
			}

			@Override
			public void waited(String sequence, Duration waited) {
				throw new IllegalStateException("observer broke");
			}

		};
		SegmentBuffer buffer = buffer(new InMemorySegmentStore(), settings(10, 0.5, Duration.ofSeconds(5)), throwing);
		for (long expected = 1; expected <= 35; expected++) {
			assertThat(buffer.next()).isEqualTo(expected);
		}
		assertThat(buffer.issued()).isEqualTo(35);
	}

	@Test
	void anObserverThatThrowsAnErrorCostsNoSegmentAndDoublesNoStep() {
		InMemorySegmentStore store = new InMemorySegmentStore();
		SegmentSettings bounded = new SegmentSettings(new SequenceBounds(1, 99_999_999, false), 1000,
				new StepPolicy(1000, 1_000_000, Duration.ofMinutes(15)), 0.5, Duration.ofSeconds(2));
		SegmentBuffer buffer = buffer(store, bounded, new SequenceObserver() {

			@Override
			public void segmentFetched(String sequence, long size, Duration duration) {
				throw new NoClassDefFoundError("io/micrometer/core/instrument/Timer");
			}

		});
		for (long expected = 1; expected <= 1000; expected++) {
			assertThat(buffer.next()).isEqualTo(expected);
		}
		assertThat(store.requestedSteps()).as("steps reserved").startsWith(1000L);
		assertThat(store.attempts()).as("reservations asked for").isEqualTo(store.allocations());
		assertThat(buffer.state().lastFailure()).isNull();
	}

	@Test
	void anObserverThatThrowsAVirtualMachineErrorStillCostsNoSegment() {
		InMemorySegmentStore store = new InMemorySegmentStore();
		SegmentBuffer buffer = buffer(store, settings(100, 0.5, Duration.ofSeconds(2)), new SequenceObserver() {

			@Override
			public void segmentFetched(String sequence, long size, Duration duration) {
				throw new StackOverflowError("observer recursed");
			}

		});
		assertThat(buffer.next()).isEqualTo(1);
		assertThat(store.requestedSteps()).as("steps reserved").containsExactly(100L);
		assertThat(buffer.state().lastFailure()).isNull();
	}

	@Test
	void aCallerIsServedThoughTheObserverOfItsWaitThrowsAnError() {
		SegmentBuffer buffer = buffer(new InMemorySegmentStore(), settings(100, 0.5, Duration.ofSeconds(2)),
				new SequenceObserver() {

					@Override
					public void waited(String sequence, Duration waited) {
						throw new NoClassDefFoundError("io/micrometer/core/instrument/Timer");
					}

				});
		assertThat(buffer.next()).isEqualTo(1);
	}

	@Test
	void aBatchThatWaitsIsServedWholeThoughTheObserverOfItsWaitThrowsAVirtualMachineError() throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		AtomicBoolean overflow = new AtomicBoolean();
		SegmentBuffer buffer = buffer(store, settings(10, 0.5, Duration.ofSeconds(5)), new SequenceObserver() {

			@Override
			public void waited(String sequence, Duration waited) {
				if (overflow.get()) {
					throw new StackOverflowError("observer recursed");
				}
			}

		});
		assertThat(buffer.next()).isEqualTo(1);
		store.block();
		overflow.set(true);
		releaseIn200Milliseconds(store);
		assertThat(buffer.next(25)).as("a batch that took 2 to 10, then waited for the next segment")
			.containsExactly(LongStream.rangeClosed(2, 26).toArray());
		assertThat(buffer.next()).as("the next ID: none was lost").isEqualTo(27);
	}

	@Test
	void aBatchThatWaitsIsServedWholeThoughTheObserverOfItsWaitThrowsAnUndeclaredCheckedException() throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		AtomicBoolean failing = new AtomicBoolean();
		SegmentBuffer buffer = buffer(store, settings(10, 0.5, Duration.ofSeconds(5)), new SequenceObserver() {

			@Override
			public void waited(String sequence, Duration waited) {
				if (failing.get()) {
					throwUndeclared(new IOException("metrics file: disk full"));
				}
			}

		});
		assertThat(buffer.next()).isEqualTo(1);
		store.block();
		failing.set(true);
		releaseIn200Milliseconds(store);
		assertThat(buffer.next(25)).as("a batch that took 2 to 10, then waited for the next segment")
			.containsExactly(LongStream.rangeClosed(2, 26).toArray());
		assertThat(buffer.next()).as("the next ID: none was lost").isEqualTo(27);
	}

	@Test
	void aPermanentFailureReachesTheCallerAtOnceThoughTheObserverOfFailuresThrowsAnUndeclaredCheckedException() {
		SegmentStore store = new InMemorySegmentStore() {

			@Override
			public Segment allocate(String sequence, long step, SequenceBounds bounds) {
				throw new IllegalArgumentException("Sequence name must not contain '{' or '}'");
			}

		};
		SegmentBuffer buffer = buffer(store, settings(10, 0.5, Duration.ofSeconds(5)), new SequenceObserver() {

			@Override
			public void fetchFailed(String sequence, Duration duration, RuntimeException failure) {
				throwUndeclared(new IOException("metrics file: disk full"));
			}

		});
		long started = System.nanoTime();
		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(buffer::next)
			.withMessageContaining("must not contain");
		assertThat(Duration.ofNanos(System.nanoTime() - started)).as("the caller's wait")
			.isLessThan(Duration.ofSeconds(2));
	}

	/**
	 * Throw a checked exception from a method that does not declare it, as a Kotlin
	 * observer does when a Java method it calls throws one.
	 */
	@SuppressWarnings("unchecked")
	private static <T extends Throwable> void throwUndeclared(Throwable failure) throws T {
		throw (T) failure;
	}

	@Test
	void anErrorOfTheStoreIsReportedAsAFailedFetchAndRetried() {
		AtomicBoolean failOnce = new AtomicBoolean(true);
		InMemorySegmentStore store = new InMemorySegmentStore() {

			@Override
			public Segment allocate(String sequence, long step, SequenceBounds bounds) {
				if (failOnce.compareAndSet(true, false)) {
					throw new NoClassDefFoundError("org/postgresql/Driver");
				}
				return super.allocate(sequence, step, bounds);
			}

		};
		RecordingObserver observer = new RecordingObserver();
		SegmentBuffer buffer = buffer(store, settings(100, 0.5, Duration.ofSeconds(5)), observer);
		assertThat(buffer.next()).isEqualTo(1);
		assertThat(observer.failed).hasSize(1);
		assertThat(observer.failed.get(0).failure()).isInstanceOf(BackendUnavailableException.class)
			.hasMessageContaining("'order'")
			.hasCauseInstanceOf(NoClassDefFoundError.class);
		WaitingCall.awaitUntil(() -> !observer.fetched.isEmpty(), "the fetch reported, after its segment");
		assertThat(observer.fetched).hasSize(1);
	}

	@Test
	void aCheckedExceptionTheStoreThrowsUndeclaredIsReportedRetriedAndNamedToTheCaller() {
		InMemorySegmentStore store = new InMemorySegmentStore() {

			@Override
			public Segment allocate(String sequence, long step, SequenceBounds bounds) {
				throwUndeclared(new SQLException("Connection refused", "08001"));
				return null;
			}

		};
		RecordingObserver observer = new RecordingObserver();
		SegmentBuffer buffer = buffer(store, settings(100, 0.5, Duration.ofMillis(300)), observer);
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(buffer::next)
			.havingRootCause()
			.isInstanceOf(SQLException.class)
			.withMessage("Connection refused");
		assertThat(observer.failed).as("failed fetches reported").isNotEmpty();
		assertThat(observer.failed.get(0).failure()).isInstanceOf(BackendUnavailableException.class)
			.hasMessageContaining("'order'")
			.hasCauseInstanceOf(SQLException.class);
	}

	private SegmentBuffer buffer(SegmentStore store, SegmentSettings settings, SequenceObserver observer) {
		SegmentSequences sequences = new SegmentSequences(store, settings, Map.of(), observer);
		this.factories.add(sequences);
		Sequence sequence = sequences.create("order");
		return (SegmentBuffer) sequence;
	}

	private static SegmentSettings settings(long step, double prefetchAt, Duration fetchTimeout) {
		return new SegmentSettings(1, step, new StepPolicy(step, step, Duration.ofDays(1)), prefetchAt, fetchTimeout);
	}

	private static void releaseIn200Milliseconds(ControllableSegmentStore store) {
		CompletableFuture.runAsync(() -> {
			try {
				TimeUnit.MILLISECONDS.sleep(200);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			store.release();
		});
	}

}
