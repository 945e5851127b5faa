package io.github.idgen.test;

import java.util.List;

/**
 * The threads that fetch segments, named {@code idgen-fetch-N} by every segment backend.
 */
public final class FetchThreads {

	private FetchThreads() {
	}

	/**
	 * Return the fetch threads alive now, of every backend in this JVM.
	 * @return the threads
	 */
	public static List<Thread> alive() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().startsWith("idgen-fetch-") && thread.isAlive())
			.toList();
	}

}
