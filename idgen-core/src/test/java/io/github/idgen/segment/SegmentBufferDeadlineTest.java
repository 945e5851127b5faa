package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadFactory;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.test.VirtualThreads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A call waits at most {@code fetch-timeout} for segments however often the segments it
 * was woken for are used up by others first: a store slower than demand fails the calls
 * it cannot serve in time with {@link BackendUnavailableException} and never repeats an
 * ID. The margin is generous: it allows for a loaded machine, not for a second wait.
 */
class SegmentBufferDeadlineTest {

	private static final Duration FETCH_TIMEOUT = Duration.ofMillis(300);

	private static final Duration MARGIN = Duration.ofSeconds(1);

	/**
	 * A store that takes 100 ms per segment of 4 IDs: 40 IDs a second, far less than the
	 * callers ask for, so that nearly every call waits and most are woken for a segment
	 * that others use up first.
	 */
	private static final SegmentSettings OVERLOADED = new SegmentSettings(1, 4,
			new StepPolicy(4, 4, Duration.ofDays(1)), 0.5, FETCH_TIMEOUT);

	private static final Duration STORE_LATENCY = Duration.ofMillis(100);

	private final List<SegmentIdGenerator> generators = new ArrayList<>();

	@AfterEach
	void close() {
		this.generators.forEach(SegmentIdGenerator::close);
	}

	@Test
	void everyCallOfSixtyFourThreadsEndsWithinTheFetchTimeoutWhenTheStoreIsSlowerThanDemand() throws Exception {
		assertEveryCallEndsInTime(64, Thread::new);
	}

	@Test
	@Tag(VirtualThreads.TAG)
	@EnabledForJreRange(min = JRE.JAVA_21)
	void everyCallOfAThousandVirtualThreadsEndsWithinTheFetchTimeoutWhenTheStoreIsSlowerThanDemand() throws Exception {
		assertEveryCallEndsInTime(1000, VirtualThreads.factory("caller-"));
	}

	@Test
	void aBatchThatNeedsMoreSegmentsThanTheStoreReservesWithinTheFetchTimeoutFailsInTimeAndItsIdsAreSkipped() {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.setDelay(Duration.ofMillis(200));
		SegmentIdGenerator generator = generator(store,
				new SegmentSettings(1, 100, new StepPolicy(100, 100, Duration.ofDays(1)), 0.5, FETCH_TIMEOUT));
		long started = System.nanoTime();
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> generator.nextIds("order", 1000))
			.withMessageContaining("300 ms");
		assertThat(Duration.ofNanos(System.nanoTime() - started)).as("the batch's wait")
			.isLessThanOrEqualTo(FETCH_TIMEOUT.plus(MARGIN));
		long skipped = ((SegmentBuffer) generator.sequence("order")).issued();
		assertThat(skipped).as("IDs the failed batch took").isPositive().isLessThan(1000);
		assertThat(generator.nextId("order")).as("the next ID, above those the batch took").isGreaterThan(skipped);
	}

	private void assertEveryCallEndsInTime(int threads, ThreadFactory factory) throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.setDelay(STORE_LATENCY);
		SegmentIdGenerator generator = generator(store, OVERLOADED);
		Callers callers = new Callers(generator, threads, factory);
		Thread.sleep(3000);
		callers.stop();
		assertThat(callers.unexpected()).as("calls that threw anything but BackendUnavailableException").isEmpty();
		assertThat(callers.served()).as("calls served").isPositive();
		assertThat(callers.slowest()).as("the slowest call").isLessThanOrEqualTo(FETCH_TIMEOUT.plus(MARGIN));
		assertThat(callers.failed()).as("calls that failed in time").isPositive();
		callers.assertNoIdTwiceAndIncreasingPerThread();
	}

	private SegmentIdGenerator generator(SegmentStore store, SegmentSettings settings) {
		SegmentIdGenerator generator = new SegmentIdGenerator(store, settings, Map.of(), "default",
				UnknownSequencePolicy.CREATE);
		this.generators.add(generator);
		return generator;
	}

	/**
	 * Threads that call {@code nextId} back to back until stopped, each recording its
	 * IDs, its failures and its slowest call.
	 */
	private static final class Callers {

		private final List<Caller> callers = new ArrayList<>();

		private volatile boolean stopped;

		Callers(SegmentIdGenerator generator, int threads, ThreadFactory factory) {
			for (int i = 0; i < threads; i++) {
				Caller caller = new Caller(generator);
				this.callers.add(caller);
				caller.thread = factory.newThread(() -> caller.run(this));
			}
			this.callers.forEach((caller) -> caller.thread.start());
		}

		void stop() throws InterruptedException {
			this.stopped = true;
			for (Caller caller : this.callers) {
				caller.thread.join(30_000);
				assertThat(caller.thread.isAlive()).as("a caller still waiting 30 s after the run").isFalse();
			}
		}

		List<Throwable> unexpected() {
			return this.callers.stream().flatMap((caller) -> caller.unexpected.stream()).toList();
		}

		long served() {
			return this.callers.stream().mapToLong((caller) -> caller.ids.size()).sum();
		}

		long failed() {
			return this.callers.stream().mapToLong((caller) -> caller.failed).sum();
		}

		Duration slowest() {
			return Duration.ofNanos(this.callers.stream().mapToLong((caller) -> caller.slowestNanos).max().orElse(0));
		}

		void assertNoIdTwiceAndIncreasingPerThread() {
			Set<Long> all = new HashSet<>();
			for (Caller caller : this.callers) {
				long previous = 0;
				for (long id : caller.ids) {
					assertThat(all.add(id)).as("ID %d handed out once", id).isTrue();
					assertThat(id).as("IDs of one thread increase").isGreaterThan(previous);
					previous = id;
				}
			}
		}

	}

	/**
	 * One caller's record; written by its thread, read after it ended.
	 */
	private static final class Caller {

		private final SegmentIdGenerator generator;

		private final List<Long> ids = new ArrayList<>();

		private final List<Throwable> unexpected = new ArrayList<>();

		private long failed;

		private long slowestNanos;

		private Thread thread;

		Caller(SegmentIdGenerator generator) {
			this.generator = generator;
		}

		void run(Callers callers) {
			while (!callers.stopped) {
				long started = System.nanoTime();
				try {
					this.ids.add(this.generator.nextId("order"));
				}
				catch (BackendUnavailableException ex) {
					this.failed++;
				}
				catch (RuntimeException ex) {
					this.unexpected.add(ex);
				}
				this.slowestNanos = Math.max(this.slowestNanos, System.nanoTime() - started);
			}
		}

	}

}
