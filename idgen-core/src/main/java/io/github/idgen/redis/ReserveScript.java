package io.github.idgen.redis;

import java.util.List;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

import io.github.idgen.segment.SequenceBounds;

/**
 * The Lua script {@code reserve.lua} that reserves IDs of one sequence in one atomic
 * step: it checks that the counter was last reserved on a Redis server that the one
 * serving it now continues (its stamp holds the run id and the replication id of
 * {@code INFO}; see the script), creates or re-seeds the counter, checks its position
 * (cycle and value) against the guard and the caller's high-water mark, applies the
 * bounds (the overflow limit of an unbounded sequence, the max-value of a bounded one,
 * the wrap of a cyclic one), adds the step and writes the guard and the stamp. The
 * resource documents the arguments and the outcomes.
 * <p>
 * The script is read once. Spring Data Redis runs it with {@code EVALSHA} and falls back
 * to {@code EVAL}, which loads it, when the server answers {@code NOSCRIPT} (after a
 * restart or a {@code SCRIPT FLUSH}). Its keys share the sequence's hash tag, so it runs
 * on Redis Cluster too. It names only the keys that exist once the sequence has been
 * reserved (the counter, the guard and the stamp, and the cycle of a cyclic sequence,
 * which it writes with the counter): while a slot migrates, Redis Cluster runs a script
 * only where every key it names exists and answers {@code TRYAGAIN} where some do.
 */
final class ReserveScript {

	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> SCRIPT = LuaScripts.load("reserve.lua", List.class);

	private final StringRedisTemplate template;

	private final RedisKeys keys;

	ReserveScript(StringRedisTemplate template, RedisKeys keys) {
		this.template = template;
		this.keys = keys;
	}

	/**
	 * Reserve {@code step} IDs of a sequence. An unbounded sequence gets exactly
	 * {@code step} IDs or none; a bounded or cyclic one gets a segment cut at its
	 * max-value, as {@link SequenceBounds#next} defines it.
	 * @param sequence the sequence name, already validated
	 * @param step the number of IDs, from 0 (only make sure the counter exists) to
	 * {@code Long.MAX_VALUE - 1}
	 * @param bounds the start of a new counter, the max-value and whether the sequence
	 * cycles
	 * @param known the highest counter position the caller knows of,
	 * {@link CounterPosition#NONE} if none
	 * @param reseed whether a lost counter is re-seeded at the highest position known
	 * rather than refused
	 * @param lastServer the server (its run id, replication id and backlog state, as the
	 * script names it) the caller last reserved IDs of this sequence from, {@code null}
	 * if none
	 * @param movingForwardOn the server on which the caller moves the counter forward to
	 * {@code known} (with {@code reseed}) after it found the counter last reserved on
	 * another server ({@link Outcome#CHANGED}), {@code null} otherwise
	 * @return the outcome
	 * @throws DataAccessException if Redis failed
	 */
	Result reserve(String sequence, long step, SequenceBounds bounds, CounterPosition known, boolean reseed,
			String lastServer, String movingForwardOn) {
		List<String> keys = bounds.cycle()
				? List.of(this.keys.counter(sequence), this.keys.guard(sequence), this.keys.stamp(sequence),
						this.keys.cycle(sequence))
				: List.of(this.keys.counter(sequence), this.keys.guard(sequence), this.keys.stamp(sequence));
		long limit = bounds.maxValue() - step;
		String mode = !bounds.isBounded() ? "unbounded" : (bounds.cycle() ? "cyclic" : "bounded");
		List<?> reply = this.template.execute(SCRIPT, keys, Long.toString(step),
				(limit >= 0) ? Long.toString(limit) : "", Long.toString(bounds.start() - 1),
				Long.toString(bounds.maxValue()), mode, Long.toString(known.cycle()), Long.toString(known.value()),
				reseed ? "1" : "0", (lastServer != null) ? lastServer : "",
				(movingForwardOn != null) ? movingForwardOn : "");
		if (reply == null || reply.size() != 9) {
			throw new IllegalStateException("Unexpected reply of the reserve script: " + reply);
		}
		return new Result(Outcome.valueOf((String) reply.get(0)), (String) reply.get(1), (String) reply.get(2),
				(String) reply.get(3), (String) reply.get(4), (String) reply.get(5), (String) reply.get(6),
				Long.parseLong((String) reply.get(7)), (String) reply.get(8));
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
		 * The counter was lost and re-seeded at the highest position known, then IDs were
		 * reserved.
		 */
		RESEEDED,

		/**
		 * The counter was lost; nothing was reserved and the guard holds the highest
		 * position known.
		 */
		LOST,

		/**
		 * The counter cannot grow by the step, or a bounded counter that does not cycle
		 * is at its max-value; nothing was reserved.
		 */
		EXHAUSTED,

		/**
		 * The counter was last reserved on another Redis server process than this one (a
		 * promoted replica, a restarted server) and may be behind; nothing was reserved.
		 */
		CHANGED,

		/**
		 * The counter, its cycle or the guard does not hold a valid value.
		 */
		INVALID,

		/**
		 * The guard holds a position after a wrap while the sequence does not cycle;
		 * nothing was reserved.
		 */
		CYCLED

	}

	/**
	 * The reply of the script.
	 *
	 * @param outcome what the script did
	 * @param counterCycle the cycle key found, empty if it was missing
	 * @param counter the counter found, empty if it was missing
	 * @param cycle the cycle of the new counter ({@link Outcome#RESERVED},
	 * {@link Outcome#RESEEDED}), of the highest position known ({@link Outcome#LOST},
	 * {@link Outcome#CHANGED}), of the current counter ({@link Outcome#EXHAUSTED}) or of
	 * the guard ({@link Outcome#CYCLED}); empty for {@link Outcome#INVALID}
	 * @param value the new counter ({@link Outcome#RESERVED}, {@link Outcome#RESEEDED}),
	 * the highest value known ({@link Outcome#LOST}, {@link Outcome#CHANGED}), the
	 * current counter ({@link Outcome#EXHAUSTED}) or the guard ({@link Outcome#INVALID},
	 * the value of its position for {@link Outcome#CYCLED})
	 * @param from the counter the reserved IDs follow ({@link Outcome#RESERVED},
	 * {@link Outcome#RESEEDED}), empty otherwise
	 * @param server the Redis server that ran the script: its run id, replication id and
	 * backlog state, {@code <run id>:<replication id>:<0|1>}, or its run id alone where
	 * {@code INFO} tells no replication id
	 * @param now the clock of that server when it ran the script, in milliseconds since
	 * the Unix epoch
	 * @param stamped the time in the stamp found, when the counter was last reserved, in
	 * milliseconds since the Unix epoch on the clock of the server that reserved it;
	 * empty if there was no stamp
	 */
	record Result(Outcome outcome, String counterCycle, String counter, String cycle, String value, String from,
			String server, long now, String stamped) {

		/**
		 * Return the new counter value, exactly.
		 * @return the last ID reserved
		 */
		long newCounter() {
			return Long.parseLong(this.value);
		}

		/**
		 * Return the position the reply names: the new counter, the highest position
		 * known or the current counter, depending on the outcome.
		 * @return the position
		 */
		CounterPosition position() {
			return new CounterPosition(Long.parseLong(this.cycle), Long.parseLong(this.value));
		}

		/**
		 * Return the counter value that the reserved IDs follow, in the same cycle.
		 * @return the counter before the IDs, {@code start - 1} after a wrap
		 */
		long previousCounter() {
			return Long.parseLong(this.from);
		}

		/**
		 * Return when the counter was last reserved, by its stamp.
		 * @return the time in milliseconds since the Unix epoch, or {@code null} if there
		 * was no stamp, or one without a time
		 */
		Long stampedAt() {
			return this.stamped.isEmpty() ? null : Long.parseLong(this.stamped);
		}

		/**
		 * Return the value of the counter found.
		 * @return the value, 0 if the counter was missing
		 */
		long counterValue() {
			return this.counter.isEmpty() ? 0 : Long.parseLong(this.counter);
		}

		/**
		 * Describe the counter found.
		 * @return "missing", "at N" or "at N in cycle C"
		 */
		String describeCounter() {
			if (this.counter.isEmpty()) {
				return "missing";
			}
			return "at " + this.counter + (this.counterCycle.isEmpty() ? "" : " in cycle " + this.counterCycle);
		}

	}

}
