package io.github.idgen;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A {@link Sequence} that describes its state, for health and monitoring.
 */
public interface SequenceInfo {

	/**
	 * Return the current state of the sequence as name-value pairs fit for JSON,
	 * including {@link #issued()} as {@code issued}.
	 * @return the state, in a stable order
	 */
	Map<String, Object> info();

	/**
	 * Return how many IDs this sequence has issued in this instance since it was created.
	 * Exact once no call is under way; while calls are under way it may lag behind them.
	 * @return the number of IDs issued
	 */
	long issued();

	/**
	 * Return how far the sequence has come on the way to its {@link #limit()}, as far as
	 * this instance knows: the highest value it has issued, or, for a sequence that
	 * serves reserved blocks, the value just below the block it serves when it has issued
	 * none of it yet. A runway forecast measures the sequence's rate by it.
	 * @return the position, empty if the sequence has issued nothing yet or tells none (a
	 * time-based sequence's position is the clock, see {@link IdLimit#positionAt})
	 */
	default OptionalLong position() {
		return OptionalLong.empty();
	}

	/**
	 * Return the limit the sequence itself sets: a bounded sequence's {@code max-value},
	 * a formatted sequence's width in the current period, a time-based layout's end.
	 * @return the limit, empty if only {@link IdLimit#longRange()} bounds the sequence
	 */
	default Optional<IdLimit> limit() {
		return Optional.empty();
	}

}
