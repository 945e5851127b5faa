package io.github.idgen.redis;

import java.util.List;
import java.util.OptionalLong;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The Lua script {@code compare-and-set.lua} that sets a counter if it holds the expected
 * value, or creates it if it must not exist, and raises its guard to the new value, in
 * one atomic step; it refuses a counter that is missing while its guard exists, or behind
 * its guard. The resource documents the arguments and the outcomes.
 * <p>
 * The script is read once and run as {@link ReserveScript} is: with {@code EVALSHA},
 * falling back to {@code EVAL} after a {@code NOSCRIPT}. Its two keys, the counter and
 * the guard, share the counter's hash tag, so it runs on Redis Cluster too, and both
 * exist once the counter was set, so that it runs while the slot migrates. A stripe's
 * counter never wraps: the script reads it in cycle 0, so that the guard of a sequence
 * that wrapped as a cyclic one lies ahead of it and refuses it. It reads
 * {@code INFO replication} and refuses to run on a replica with {@code READONLY}, also on
 * one that accepts writes, whose writes never reach its master.
 */
final class CompareAndSetScript {

	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> SCRIPT = LuaScripts.load("compare-and-set.lua", List.class);

	private final StringRedisTemplate template;

	private final RedisKeys keys;

	CompareAndSetScript(StringRedisTemplate template, RedisKeys keys) {
		this.template = template;
		this.keys = keys;
	}

	/**
	 * Set a counter to a value if it holds the expected one.
	 * @param counter the counter name, already validated
	 * @param expected the value the counter must hold, or empty if it must not exist
	 * @param value the new value
	 * @return the outcome
	 * @throws DataAccessException if Redis failed
	 */
	Result compareAndSet(String counter, OptionalLong expected, long value) {
		List<String> keys = List.of(this.keys.counter(counter), this.keys.guard(counter));
		List<?> reply = this.template.execute(SCRIPT, keys,
				expected.isPresent() ? Long.toString(expected.getAsLong()) : "", Long.toString(value));
		if (reply == null || reply.size() != 3) {
			throw new IllegalStateException("Unexpected reply of the compare-and-set script: " + reply);
		}
		return new Result(Outcome.valueOf((String) reply.get(0)), (String) reply.get(1), (String) reply.get(2));
	}

	/**
	 * What the script did.
	 */
	enum Outcome {

		/**
		 * The counter held the expected value, or did not exist as expected, and now
		 * holds the new one; its guard holds at least the new value.
		 */
		SET,

		/**
		 * The counter did not hold the expected value, or existed while it was expected
		 * not to; nothing was written.
		 */
		DIFFERENT,

		/**
		 * The counter is missing while its guard exists, or behind its guard; nothing was
		 * written.
		 */
		LOST,

		/**
		 * The counter or its guard does not hold a valid value; nothing was written.
		 */
		INVALID

	}

	/**
	 * The reply of the script.
	 *
	 * @param outcome what the script did
	 * @param counter the counter found, empty if it was missing
	 * @param guard the guard found, empty if it was missing
	 */
	record Result(Outcome outcome, String counter, String guard) {

		/**
		 * Describe the counter found.
		 * @return "missing" or "at N"
		 */
		String describeCounter() {
			return this.counter.isEmpty() ? "missing" : "at " + this.counter;
		}

	}

}
