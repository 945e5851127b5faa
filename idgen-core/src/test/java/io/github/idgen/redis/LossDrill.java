package io.github.idgen.redis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import io.github.idgen.CounterLostException;
import io.github.idgen.IdGenerationException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Takes IDs on several threads at once and makes Redis lose its counters in the middle:
 * once the threads together have taken {@code lossAfter} IDs, one of them runs the loss
 * (a {@code FLUSHDB}, a restart) while the others go on. A thread stops when it has taken
 * its IDs, when it gets a {@link CounterLostException} (directly or as the cause of the
 * exception the engine throws) or when the drill's time is up; it retries after any other
 * {@link IdGenerationException}.
 */
final class LossDrill {

	private static final long TIME_LIMIT_SECONDS = 30;

	private final List<LongSupplier> callers;

	private final int idsPerCaller;

	private final long lossAfter;

	private final Runnable loss;

	LossDrill(List<LongSupplier> callers, int idsPerCaller, long lossAfter, Runnable loss) {
		this.callers = callers;
		this.idsPerCaller = idsPerCaller;
		this.lossAfter = lossAfter;
		this.loss = loss;
	}

	Result run() throws Exception {
		AtomicLong taken = new AtomicLong();
		AtomicBoolean lost = new AtomicBoolean();
		ConcurrentLinkedQueue<IdGenerationException> failures = new ConcurrentLinkedQueue<>();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIME_LIMIT_SECONDS);
		ExecutorService executor = Executors.newFixedThreadPool(this.callers.size());
		try {
			List<Future<long[]>> futures = new ArrayList<>();
			for (LongSupplier caller : this.callers) {
				futures.add(executor.submit(() -> {
					long[] ids = new long[this.idsPerCaller];
					int count = 0;
					while (count < this.idsPerCaller && System.nanoTime() < deadline) {
						try {
							long id = caller.getAsLong();
							ids[count++] = id;
						}
						catch (IdGenerationException ex) {
							failures.add(ex);
							if (isCounterLost(ex)) {
								break;
							}
							Thread.sleep(5);
							continue;
						}
						if (taken.incrementAndGet() == this.lossAfter) {
							this.loss.run();
							lost.set(true);
						}
					}
					return Arrays.copyOf(ids, count);
				}));
			}
			List<long[]> ids = new ArrayList<>();
			for (Future<long[]> future : futures) {
				ids.add(future.get(TIME_LIMIT_SECONDS + 30, TimeUnit.SECONDS));
			}
			assertThat(lost).as("the loss happened").isTrue();
			return new Result(ids.stream().flatMapToLong(Arrays::stream).toArray(), List.copyOf(failures));
		}
		finally {
			executor.shutdownNow();
		}
	}

	static boolean isCounterLost(Throwable ex) {
		return ex instanceof CounterLostException || ex.getCause() instanceof CounterLostException;
	}

	/**
	 * What the callers got.
	 *
	 * @param ids every ID returned, in no particular order
	 * @param failures every exception thrown
	 */
	record Result(long[] ids, List<IdGenerationException> failures) {

		void assertNoDuplicate() {
			long[] sorted = this.ids.clone();
			Arrays.sort(sorted);
			for (int i = 1; i < sorted.length; i++) {
				if (sorted[i] == sorted[i - 1]) {
					throw new AssertionError("ID " + sorted[i] + " was returned twice (of " + sorted.length + ")");
				}
			}
		}

		long counterLostCount() {
			return this.failures.stream().filter(LossDrill::isCounterLost).count();
		}

		long max() {
			return Arrays.stream(this.ids).max().orElse(0);
		}

	}

}
