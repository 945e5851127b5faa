package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.segment.Segment;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of issue 17: many callers, random batch sizes and random interrupts against an
 * in-memory counter whose reservations take microseconds. With a wait timeout of 2 s, a
 * caller that times out was stranded (lost wake-up); every ID reserved is either served
 * once or belongs to a caller that gave up while taken.
 */
class ReservationCombinerStressReviewTest {

	@Test
	void platformThreadsWithRandomInterrupts() throws Exception {
		stress(8, Executors.newFixedThreadPool(8), Duration.ofSeconds(4));
	}

	@Test
	void virtualThreadsWithRandomInterrupts() throws Exception {
		ExecutorService executor;
		try {
			executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
		}
		catch (NoSuchMethodException ex) {
			Assumptions.abort("no virtual threads on " + Runtime.version());
			return;
		}
		stress(64, executor, Duration.ofSeconds(4));
	}

	private void stress(int callers, ExecutorService executor, Duration runFor) throws Exception {
		AtomicLong counter = new AtomicLong();
		LongAdder reservations = new LongAdder();
		ReservationCombiner combiner = new ReservationCombiner("stress", (count) -> {
			reservations.increment();
			if (ThreadLocalRandom.current().nextInt(4) == 0) {
				LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(50_000));
			}
			long end = counter.addAndGet(count);
			return new Segment(end - count + 1, end + 1);
		}, Duration.ofSeconds(2));
		long stopAt = System.nanoTime() + runFor.toNanos();
		AtomicReferenceArray<Thread> threads = new AtomicReferenceArray<>(callers);
		LongAdder unusedTaken = new LongAdder();
		LongAdder timeouts = new LongAdder();
		List<String> timeoutMessages = java.util.Collections.synchronizedList(new ArrayList<>());
		List<java.util.concurrent.Future<long[][]>> results = new ArrayList<>();
		for (int caller = 0; caller < callers; caller++) {
			int index = caller;
			results.add(executor.submit(() -> {
				threads.set(index, Thread.currentThread());
				List<long[]> got = new ArrayList<>();
				long last = 0;
				while (System.nanoTime() < stopAt) {
					int count = 1 + ThreadLocalRandom.current().nextInt(3);
					try {
						long first = combiner.take(count);
						if (first <= last) {
							throw new AssertionError("IDs of one caller went back: " + first + " after " + last);
						}
						last = first + count - 1;
						got.add(new long[] { first, count });
					}
					catch (BackendUnavailableException ex) {
						if (ex.getMessage().contains("stay unused") || ex.getMessage().contains("stays unused")) {
							unusedTaken.add(count);
						}
						if (!ex.getMessage().startsWith("Interrupted")) {
							timeouts.increment();
							timeoutMessages.add(ex.getMessage());
						}
					}
					Thread.interrupted();
				}
				threads.set(index, null);
				return got.toArray(new long[0][]);
			}));
		}
		long interrupts = 0;
		while (System.nanoTime() < stopAt) {
			Thread target = threads.get(ThreadLocalRandom.current().nextInt(callers));
			if (target != null) {
				target.interrupt();
				interrupts++;
			}
			LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(200_000));
		}
		BitSet served = new BitSet();
		long servedCount = 0;
		for (java.util.concurrent.Future<long[][]> result : results) {
			for (long[] block : result.get(30, TimeUnit.SECONDS)) {
				for (long id = block[0]; id < block[0] + block[1]; id++) {
					assertThat(served.get((int) id)).as("ID %s served twice", id).isFalse();
					served.set((int) id);
					servedCount++;
				}
			}
		}
		executor.shutdownNow();
		System.out.printf("stress: %d callers, served %d, unused %d, reservations %d, interrupts %d%n", callers,
				servedCount, unusedTaken.sum(), reservations.sum(), interrupts);
		assertThat(timeouts.sum()).as("callers stranded until the timeout: %s", timeoutMessages).isZero();
		assertThat(servedCount + unusedTaken.sum())
			.as("served %s + unused %s vs reserved %s (%s interrupts)", servedCount, unusedTaken.sum(), counter.get(),
					interrupts)
			.isEqualTo(counter.get());
		assertThat(servedCount).isGreaterThan(1000);
	}

}
