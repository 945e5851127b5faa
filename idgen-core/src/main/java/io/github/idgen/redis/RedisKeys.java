package io.github.idgen.redis;

import io.github.idgen.SequenceNames;

/**
 * The Redis keys of the sequences: {@code <prefix>{<sequence>}} for the counter and keys
 * derived from it, such as {@code <prefix>{<sequence>}:guard},
 * {@code <prefix>{<sequence>}:cycle} and {@code <prefix>{<sequence>}:server}.
 * <p>
 * The braces are a Redis Cluster hash tag: the cluster places a key by the part between
 * the first <code>{</code> and the next <code>}</code>, so every key of one sequence lies
 * in the same slot, and a script can touch all of them on a cluster too. For that tag to
 * be exactly the sequence name, neither the prefix nor the name may contain a brace.
 * <p>
 * A valid sequence name is valid as {@link SequenceNames} defines it (1 to 128
 * characters, no control characters, no leading or trailing white space) and contains no
 * brace. A valid prefix contains neither braces nor control characters; it may be empty.
 */
public final class RedisKeys {

	/**
	 * The default key prefix.
	 */
	public static final String DEFAULT_PREFIX = "idgen:";

	private static final String GUARD_SUFFIX = ":guard";

	private static final String CYCLE_SUFFIX = ":cycle";

	private static final String STAMP_SUFFIX = ":server";

	private static final String GLOB_CHARACTERS = "*?[]\\";

	private final String prefix;

	/**
	 * Create the keys with the given prefix.
	 * @param prefix the prefix of every key
	 * @throws IllegalArgumentException if the prefix is not valid, with the reason
	 */
	public RedisKeys(String prefix) {
		this.prefix = validatePrefix(prefix);
	}

	/**
	 * Return the key prefix.
	 * @return the prefix
	 */
	public String prefix() {
		return this.prefix;
	}

	/**
	 * Return the key of the counter of a sequence: the last ID reserved so far.
	 * @param sequence the sequence name
	 * @return {@code <prefix>{<sequence>}}
	 * @throws IllegalArgumentException if the name is not valid, with the reason
	 */
	public String counter(String sequence) {
		return this.prefix + "{" + validateSequence(sequence) + "}";
	}

	/**
	 * Return the key of the guard of a sequence: the highest counter position known (the
	 * value, or {@code <cycle>:<value>} once a cyclic counter has wrapped), kept next to
	 * the counter so that a counter that disappeared alone is not created anew.
	 * @param sequence the sequence name
	 * @return {@code <prefix>{<sequence>}:guard}
	 * @throws IllegalArgumentException if the name is not valid, with the reason
	 */
	public String guard(String sequence) {
		return counter(sequence) + GUARD_SUFFIX;
	}

	/**
	 * Return the key of the cycle of a sequence: how often its counter has wrapped to
	 * start, missing until the first wrap.
	 * @param sequence the sequence name
	 * @return {@code <prefix>{<sequence>}:cycle}
	 * @throws IllegalArgumentException if the name is not valid, with the reason
	 */
	public String cycle(String sequence) {
		return counter(sequence) + CYCLE_SUFFIX;
	}

	/**
	 * Return the key of the stamp of a sequence: the Redis server that last reserved IDs
	 * of it (its run id and replication id) and its clock then, so that a counter served
	 * by another process (a promoted replica, a restarted server) or by a former master
	 * that resynced from another (a failback) is not trusted.
	 * @param sequence the sequence name
	 * @return {@code <prefix>{<sequence>}:server}
	 * @throws IllegalArgumentException if the name is not valid, with the reason
	 */
	public String stamp(String sequence) {
		return counter(sequence) + STAMP_SUFFIX;
	}

	/**
	 * Return the {@code SCAN} pattern that matches every counter key of this prefix, and
	 * no key derived from a counter: the prefix with the glob characters {@code *},
	 * {@code ?}, {@code [}, {@code ]} and {@code \} escaped, then <code>{*}</code>.
	 * @return the pattern
	 */
	String counterPattern() {
		StringBuilder pattern = new StringBuilder();
		for (char character : this.prefix.toCharArray()) {
			if (GLOB_CHARACTERS.indexOf(character) >= 0) {
				pattern.append('\\');
			}
			pattern.append(character);
		}
		return pattern.append("{*}").toString();
	}

	/**
	 * Return the name of the counter that a key is the counter key of.
	 * @param key a key, such as one that {@link #counterPattern()} matched
	 * @return the name, or {@code null} if the key is no counter key of this prefix: it
	 * starts otherwise, is derived from a counter key, or holds no valid name between its
	 * braces
	 */
	String counterName(String key) {
		if (!key.startsWith(this.prefix + "{") || !key.endsWith("}")) {
			return null;
		}
		String name = key.substring(this.prefix.length() + 1, key.length() - 1);
		try {
			return validateSequence(name);
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	/**
	 * Check that the given name is a valid sequence name for Redis keys.
	 * @param sequence the name to check
	 * @return the name, unchanged
	 * @throws IllegalArgumentException if the name is not valid, with the reason
	 */
	public static String validateSequence(String sequence) {
		SequenceNames.validateCounter(sequence);
		if (sequence.indexOf('{') >= 0 || sequence.indexOf('}') >= 0) {
			throw new IllegalArgumentException("Sequence name must not contain '{' or '}', which would break the "
					+ "Redis Cluster hash tag of its keys: " + SequenceNames.quote(sequence) + "");
		}
		return sequence;
	}

	private static String validatePrefix(String prefix) {
		if (prefix == null) {
			throw new IllegalArgumentException("Redis key prefix must not be null");
		}
		if (prefix.indexOf('{') >= 0 || prefix.indexOf('}') >= 0) {
			throw new IllegalArgumentException("Redis key prefix must not contain '{' or '}', which would break the "
					+ "Redis Cluster hash tag of the keys: '" + prefix + "'");
		}
		if (prefix.codePoints().anyMatch(Character::isISOControl)) {
			throw new IllegalArgumentException("Redis key prefix must not contain control characters: '"
					+ prefix.replaceAll("\\p{Cntrl}", "?") + "'");
		}
		return prefix;
	}

}
