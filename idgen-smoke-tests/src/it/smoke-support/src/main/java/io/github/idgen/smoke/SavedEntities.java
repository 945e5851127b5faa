package io.github.idgen.smoke;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import org.springframework.context.ApplicationContext;

/**
 * The check of an application whose entities are marked {@code @SequenceId}: it saves
 * {@value #PER_THREAD} new entities on each of {@value #THREADS} threads, each without an
 * identifier, and requires every saved entity to come back with an identifier of its own
 * and the table to hold them all.
 */
public final class SavedEntities implements StoreCheck {

	static final int THREADS = 4;

	static final int PER_THREAD = 250;

	private final Function<ApplicationContext, Long> saveOne;

	private final ToLongFunction<ApplicationContext> countRows;

	/**
	 * Create the check.
	 * @param saveOne saves one new entity and returns the identifier it was given
	 * @param countRows counts the entities in their table
	 */
	public SavedEntities(Function<ApplicationContext, Long> saveOne, ToLongFunction<ApplicationContext> countRows) {
		this.saveOne = saveOne;
		this.countRows = countRows;
	}

	@Override
	public String check(ApplicationContext context, Map<String, Long> highestIds) {
		ExecutorService executor = Executors.newFixedThreadPool(THREADS);
		try {
			List<Future<List<Long>>> threads = new ArrayList<>();
			for (int thread = 0; thread < THREADS; thread++) {
				threads.add(executor.submit(() -> {
					List<Long> ids = new ArrayList<>();
					for (int i = 0; i < PER_THREAD; i++) {
						ids.add(this.saveOne.apply(context));
					}
					return ids;
				}));
			}
			Set<Long> ids = new HashSet<>();
			for (Future<List<Long>> thread : threads) {
				for (Long id : thread.get()) {
					if (id == null || id <= 0 || !ids.add(id)) {
						throw new IllegalStateException("An entity was saved with identifier " + id
								+ ", which is missing or was given before");
					}
				}
			}
			long rows = this.countRows.applyAsLong(context);
			if (rows != ids.size()) {
				throw new IllegalStateException(rows + " rows hold the " + ids.size() + " entities saved");
			}
			return ids.size() + " entities saved on " + THREADS + " threads, each with its own @SequenceId identifier";
		}
		catch (Exception ex) {
			throw new IllegalStateException("Saving entities failed: " + ex, ex);
		}
		finally {
			executor.shutdownNow();
		}
	}

}
