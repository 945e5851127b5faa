package io.github.idgen.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The Lua script {@code reserve.lua} that reserves IDs of one sequence in one atomic
 * step: it creates or re-seeds the counter, checks it against the guard, the caller's
 * high-water mark and the overflow limit, adds the step and writes the guard. The
 * resource documents the arguments and the outcomes.
 * <p>
 * The script is read once. Spring Data Redis runs it with {@code EVALSHA} and falls back
 * to {@code EVAL}, which loads it, when the server answers {@code NOSCRIPT} (after a
 * restart or a {@code SCRIPT FLUSH}). Its two keys share the sequence's hash tag, so it
 * runs on Redis Cluster too.
 */
final class ReserveScript {

	private static final long LAST_ID = Long.MAX_VALUE - 1;

	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> SCRIPT = RedisScript.of(read("reserve.lua"), List.class);

	private final StringRedisTemplate template;

	private final RedisKeys keys;

	ReserveScript(StringRedisTemplate template, RedisKeys keys) {
		this.template = template;
		this.keys = keys;
	}

	/**
	 * Reserve {@code step} IDs of a sequence.
	 * @param sequence the sequence name, already validated
	 * @param step the number of IDs, from 0 (only make sure the counter exists) to
	 * {@code Long.MAX_VALUE - 1}
	 * @param start the first ID of a new counter
	 * @param known the highest counter value the caller knows of, 0 if none
	 * @param reseed whether a lost counter is re-seeded at the highest value known rather
	 * than refused
	 * @return the outcome
	 * @throws DataAccessException if Redis failed
	 */
	Result reserve(String sequence, long step, long start, long known, boolean reseed) {
		List<String> keys = List.of(this.keys.counter(sequence), this.keys.guard(sequence));
		List<?> reply = this.template.execute(SCRIPT, keys, Long.toString(step), Long.toString(LAST_ID - step),
				Long.toString(start - 1), Long.toString(known), reseed ? "1" : "0");
		if (reply == null || reply.size() != 3) {
			throw new IllegalStateException("Unexpected reply of the reserve script: " + reply);
		}
		return new Result(Outcome.valueOf((String) reply.get(0)), (String) reply.get(1), (String) reply.get(2));
	}

	private static String read(String resource) {
		try (InputStream input = ReserveScript.class.getResourceAsStream(resource)) {
			if (input == null) {
				throw new IllegalStateException("Script '" + resource + "' not found");
			}
			return new String(input.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read script '" + resource + "'", ex);
		}
	}

	/**
	 * What the script did.
	 */
	enum Outcome {

		/**
		 * IDs were reserved.
		 */
		RESERVED,

		/**
		 * The counter was lost and re-seeded at the highest value known, then IDs were
		 * reserved.
		 */
		RESEEDED,

		/**
		 * The counter was lost; nothing was reserved and the guard holds the highest
		 * value known.
		 */
		LOST,

		/**
		 * The counter cannot grow by the step; nothing was reserved.
		 */
		EXHAUSTED,

		/**
		 * The counter or the guard does not hold a non-negative integer.
		 */
		INVALID

	}

	/**
	 * The reply of the script.
	 *
	 * @param outcome what the script did
	 * @param counter the counter found, empty if it was missing
	 * @param value the new counter ({@link Outcome#RESERVED}, {@link Outcome#RESEEDED}),
	 * the highest value known ({@link Outcome#LOST}), the current counter
	 * ({@link Outcome#EXHAUSTED}) or the guard ({@link Outcome#INVALID})
	 */
	record Result(Outcome outcome, String counter, String value) {

		/**
		 * Return the new counter value, exactly.
		 * @return the last ID reserved
		 */
		long newCounter() {
			return Long.parseLong(this.value);
		}

		/**
		 * Describe the counter found.
		 * @return "missing" or "at N"
		 */
		String describeCounter() {
			return this.counter.isEmpty() ? "missing" : "at " + this.counter;
		}

	}

}
