package io.github.idgen.test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.github.idgen.Sequence;

/**
 * Draws IDs from one sequence on several threads at once, half of them one by one and
 * half in batches, as callers of {@code next()} and {@code next(count)} would.
 */
public final class MixedDraws {

	private MixedDraws() {
	}

	/**
	 * Draw IDs on {@code threads} threads released together; odd threads draw batches of
	 * at most {@code batchSize}.
	 * @param sequence the sequence to draw from
	 * @param threads how many threads
	 * @param idsPerThread how many IDs each thread draws
	 * @param batchSize the largest batch
	 * @return the IDs drawn by all threads together
	 * @throws Exception if a thread failed
	 */
	public static long draw(Sequence sequence, int threads, int idsPerThread, int batchSize) throws Exception {
		List<Callable<Long>> tasks = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			boolean batches = (t % 2 == 1);
			tasks.add(() -> {
				long drawn = 0;
				while (drawn < idsPerThread) {
					if (batches) {
						drawn += sequence.next((int) Math.min(batchSize, idsPerThread - drawn)).length;
					}
					else {
						sequence.next();
						drawn++;
					}
				}
				return drawn;
			});
		}
		return Concurrently.runTogether(tasks).stream().mapToLong(Long::longValue).sum();
	}

}
