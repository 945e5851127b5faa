package io.github.idgen.mongo;

import java.nio.charset.StandardCharsets;

/**
 * Validates the name of the collection that a {@link MongoSegmentStore} keeps its
 * counters in, before it reaches MongoDB.
 * <p>
 * A valid name has 1 to {@value #MAX_BYTES} bytes in UTF-8, contains no {@code $}, no
 * control characters (the null character included) and no white space at either end, and
 * does not start with {@code system.}, which MongoDB reserves.
 */
public final class MongoCollectionNames {

	/**
	 * The maximum length of a collection name, in bytes of UTF-8: well below MongoDB's
	 * limit on a whole namespace, {@code <database>.<collection>}.
	 */
	public static final int MAX_BYTES = 120;

	private MongoCollectionNames() {
	}

	/**
	 * Check that the given name is a valid collection name.
	 * @param name the name to check
	 * @return the name, unchanged
	 * @throws IllegalArgumentException if the name is not valid, with the reason
	 */
	public static String validate(String name) {
		if (name == null || name.isEmpty()) {
			throw new IllegalArgumentException("Collection name must not be empty");
		}
		int bytes = name.getBytes(StandardCharsets.UTF_8).length;
		if (bytes > MAX_BYTES) {
			throw new IllegalArgumentException("Collection name must have at most " + MAX_BYTES
					+ " bytes in UTF-8 but has " + bytes + ": '" + name + "'");
		}
		if (name.codePoints().anyMatch(Character::isISOControl)) {
			throw new IllegalArgumentException("Collection name must not contain control characters: '"
					+ name.replaceAll("\\p{Cntrl}", "?") + "'");
		}
		if (name.indexOf('$') >= 0) {
			throw new IllegalArgumentException("Collection name must not contain '$': '" + name + "'");
		}
		if (Character.isWhitespace(name.codePointAt(0))
				|| Character.isWhitespace(name.codePointBefore(name.length()))) {
			throw new IllegalArgumentException(
					"Collection name must not start or end with white space: '" + name + "'");
		}
		if (name.startsWith("system.")) {
			throw new IllegalArgumentException(
					"Collection name must not start with 'system.', which MongoDB reserves: '" + name + "'");
		}
		return name;
	}

}
