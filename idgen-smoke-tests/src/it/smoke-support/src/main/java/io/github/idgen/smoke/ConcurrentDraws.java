package io.github.idgen.smoke;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.idgen.IdGenerator;
import io.github.idgen.Sequence;

/**
 * Draws IDs from named sequences on several threads at once, each thread by name, from a
 * handle and in batches, and checks that every sequence's IDs are unique and increase
 * within each thread.
 */
final class ConcurrentDraws {

	static final int THREADS = 4;

	static final int ROUNDS = 250;

	static final int BATCH = 8;

	private ConcurrentDraws() {
	}

	/**
	 * Draw from each sequence on {@value #THREADS} threads and check the IDs.
	 * @param ids the generator of the application
	 * @param sequences the names of the sequences
	 * @return the highest ID drawn per sequence, and how many were drawn
	 * @throws IllegalStateException if an ID repeats or a thread saw an ID that did not
	 * increase
	 * @throws Exception if drawing failed
	 */
	static Result draw(IdGenerator ids, List<String> sequences) throws Exception {
		ExecutorService executor = Executors.newFixedThreadPool(THREADS);
		CountDownLatch start = new CountDownLatch(1);
		try {
			List<Future<Map<String, List<Long>>>> threads = new ArrayList<>();
			for (int thread = 0; thread < THREADS; thread++) {
				threads.add(executor.submit(() -> {
					start.await();
					return drawOnThisThread(ids, sequences);
				}));
			}
			start.countDown();
			List<Map<String, List<Long>>> drawn = new ArrayList<>();
			for (Future<Map<String, List<Long>>> thread : threads) {
				drawn.add(thread.get());
			}
			return check(sequences, drawn);
		}
		finally {
			executor.shutdownNow();
		}
	}

	private static Map<String, List<Long>> drawOnThisThread(IdGenerator ids, List<String> sequences) {
		Map<String, List<Long>> drawn = new LinkedHashMap<>();
		Map<String, Sequence> handles = new LinkedHashMap<>();
		sequences.forEach((name) -> {
			drawn.put(name, new ArrayList<>());
			handles.put(name, ids.sequence(name));
		});
		for (int round = 0; round < ROUNDS; round++) {
			for (String name : sequences) {
				List<Long> list = drawn.get(name);
				list.add(ids.nextId(name));
				list.add(handles.get(name).next());
				for (long id : ids.nextIds(name, BATCH)) {
					list.add(id);
				}
			}
		}
		return drawn;
	}

	private static Result check(List<String> sequences, List<Map<String, List<Long>>> drawn) {
		Map<String, Long> highest = new LinkedHashMap<>();
		int count = 0;
		for (String name : sequences) {
			Set<Long> unique = new HashSet<>();
			long max = Long.MIN_VALUE;
			for (int thread = 0; thread < drawn.size(); thread++) {
				List<Long> ids = drawn.get(thread).get(name);
				for (int i = 0; i < ids.size(); i++) {
					long id = ids.get(i);
					if (!unique.add(id)) {
						throw new IllegalStateException("ID " + id + " of sequence '" + name + "' was drawn twice");
					}
					if (i > 0 && id <= ids.get(i - 1)) {
						throw new IllegalStateException("Thread " + thread + " drew ID " + id + " of sequence '" + name
								+ "' after " + ids.get(i - 1));
					}
					max = Math.max(max, id);
				}
				count += ids.size();
			}
			highest.put(name, max);
		}
		return new Result(count, highest);
	}

	/**
	 * The outcome of checked draws.
	 *
	 * @param count how many IDs were drawn from all sequences together
	 * @param highest the highest ID drawn per sequence
	 */
	record Result(int count, Map<String, Long> highest) {

	}

}
