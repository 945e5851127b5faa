package io.github.idgen.entity.mongo;

import java.util.Locale;

/**
 * Tells whether a callback of Spring Data MongoDB runs for a replace
 * ({@code MongoTemplate.findAndReplace}, {@code replace}, a bulk {@code replaceOne}).
 * Spring Data MongoDB 5 calls the same {@code BeforeConvertCallback} with the same
 * arguments (the object and the collection's name) for a replacement as for a document it
 * inserts or saves, and passes nothing that tells the operation; the operation is the
 * method of Spring Data MongoDB's {@code core} package that called the callback, which
 * for a replace has "replace" in its name. Thread-safe.
 */
final class ReplaceCalls {

	private static final String TEMPLATES = "org.springframework.data.mongodb.core.";

	/**
	 * How many frames above the callback are looked at: the callback is called through a
	 * few frames of Spring Data's callback support.
	 */
	private static final int DEPTH = 32;

	private static final StackWalker STACK = StackWalker.getInstance();

	private ReplaceCalls() {
	}

	/**
	 * Return whether the current thread runs a replace of Spring Data MongoDB.
	 * @return whether a method of Spring Data MongoDB's core package named for a replace
	 * is among the callers
	 */
	static boolean isReplacing() {
		return STACK.walk((frames) -> frames.limit(DEPTH)
			.anyMatch((frame) -> frame.getClassName().startsWith(TEMPLATES)
					&& frame.getMethodName().toLowerCase(Locale.ROOT).contains("replace")));
	}

}
