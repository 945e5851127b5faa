package io.github.idgen.segment.striped;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;

/**
 * The SPI of a store that can serve as one stripe of a {@link StripedSegmentStore}: the
 * counters a segment store keeps, one per name, read and written with a compare-and-set.
 * <p>
 * The striped store keeps two kinds of counters in it: the counter of each sequence, the
 * last ID the store reserved for it (the same counter the store's own
 * {@link io.github.idgen.segment.SegmentStore} keeps, so that a store that served alone
 * can become a stripe), and the records of the stripe layout under names starting with
 * {@value StripeRecords#PREFIX}, which no sequence name can take.
 * <p>
 * A store tells transient failures from permanent ones as a segment store does: a
 * {@link BackendUnavailableException} for a failure that a retry may heal, a
 * {@link BackendMisconfiguredException} for one it will not, and
 * {@link IllegalArgumentException} for a name the store cannot keep. Implementations are
 * thread-safe.
 */
public interface StripeStore {

	/**
	 * Return the value of a counter.
	 * @param counter the counter name, a valid counter name as
	 * {@link io.github.idgen.SequenceNames} defines it
	 * @return the value, or empty if the counter does not exist
	 */
	OptionalLong read(String counter);

	/**
	 * Return the values of several counters, read together: in one round trip where the
	 * store can, so that reading a store's state with its identity after every
	 * reservation costs no more round trips than reading its state. The default reads
	 * them one after the other.
	 * @param counters the counter names, each a valid counter name as
	 * {@link io.github.idgen.SequenceNames} defines it
	 * @return the value of each counter, in the order of the names, empty for a counter
	 * that does not exist
	 */
	default List<OptionalLong> read(List<String> counters) {
		return counters.stream().map(this::read).toList();
	}

	/**
	 * Set a counter to a value if it holds the expected one, atomically: of several
	 * callers expecting the same value, at most one succeeds.
	 * @param counter the counter name
	 * @param expected the value the counter must hold, or empty to create the counter,
	 * which succeeds only if it does not exist
	 * @param value the new value
	 * @return whether the counter was set
	 */
	boolean compareAndSet(String counter, OptionalLong expected, long value);

	/**
	 * Set a counter as {@link #compareAndSet} does and, if it was set, read counters from
	 * the database that took it: over the same connection where the store has
	 * connections, so that a store whose connections reach more than one database (a pool
	 * behind a name that was pointed elsewhere while it held connections) tells which one
	 * took the counter by the identity read with it. The default sets, then
	 * {@linkplain #read(List) reads}, which suits a store that holds one connection to
	 * one server.
	 * @param counter the counter name
	 * @param expected the value the counter must hold, or empty to create the counter
	 * @param value the new value
	 * @param counters the counters to read once it is set
	 * @return the value of each counter read, in the order of the names, empty for a
	 * counter that does not exist; empty if the counter was not set
	 */
	default Optional<List<OptionalLong>> compareAndSetThenRead(String counter, OptionalLong expected, long value,
			List<String> counters) {
		return compareAndSet(counter, expected, value) ? Optional.of(read(counters)) : Optional.empty();
	}

	/**
	 * Return every counter of the store, so that a new layout can raise each counter of
	 * its stores to the highest value any store holds for it.
	 * @return the value of each counter by name
	 */
	Map<String, Long> readAll();

	/**
	 * Check that the store can be reached.
	 * @throws BackendUnavailableException if it cannot, with the reason
	 */
	void checkAvailable();

}
