package io.github.idgen.segment.striped;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;

import io.github.idgen.BackendMisconfiguredException;

/**
 * The records of the stripe layout in one store, kept as counters under names starting
 * with {@value #PREFIX}, which no sequence or period counter can take (a sequence name is
 * never empty and never contains {@code @}).
 * <ul>
 * <li>{@value #STATE}: where the store stands. {@code 2g}: generation {@code g} is in
 * force; {@code 2g - 1}: the generation before {@code g} is closed and {@code g} is being
 * prepared, so nothing is handed out. Missing: generation 0, the store serving alone. It
 * only ever grows.</li>
 * <li>{@value #STORE_ID}: the identity of the store, a random number, read with the state
 * after every reservation and at every check, so that a store whose address leads to
 * another database is not served.</li>
 * <li>{@code @stripes@<g>@stores}: a digest of the identities of the stores of generation
 * {@code g}, in order (see {@link StoresDigest}), recorded before the layout, so that two
 * instances re-striping to one generation with different lists of stores cannot both open
 * it, and so that a later re-striping finds the stores of generation {@code g} by their
 * identities (see {@link LayoutCoverage}).</li>
 * <li>{@code @stripes@<g>@abandoned}: the digest of a list of stores of generation
 * {@code g} that can never open, recorded by the re-striping of that list that found a
 * store of it recording another list (they never change), in the stores that record it: a
 * later re-striping does not take them for stores of a generation that may serve (see
 * {@link StripeSnapshot}).</li>
 * <li>{@code @stripes@<g>@count}, {@code @stripes@<g>@index}: the {@link StripeLayout} of
 * generation {@code g}, written before the state announces it and never changed
 * afterwards.</li>
 * </ul>
 */
final class StripeRecords {

	/**
	 * The start of the name of every record.
	 */
	static final String PREFIX = "@stripes";

	/**
	 * The record of the state of the store.
	 */
	static final String STATE = PREFIX;

	/**
	 * The record of the identity of the store.
	 */
	static final String STORE_ID = PREFIX + "@id";

	private static final List<String> STATE_AND_IDENTITY = List.of(STATE, STORE_ID);

	private final StripeMember member;

	StripeRecords(StripeMember member) {
		this.member = member;
	}

	static boolean isRecord(String counter) {
		return counter.startsWith(PREFIX);
	}

	/**
	 * Return the state value of the store: {@code 2g} while generation {@code g} is in
	 * force, {@code 2g - 1} while it is being prepared.
	 */
	long state() {
		return this.member.store().read(STATE).orElse(0);
	}

	/**
	 * Return the state value of the store with its identity, read together (in one round
	 * trip where the store can): what a store says about itself after every reservation
	 * and at every check.
	 */
	StripeReading read() {
		return reading(this.member.store().read(STATE_AND_IDENTITY));
	}

	/**
	 * Set a counter of the store with a compare-and-set and, if it was set, return the
	 * state value and identity of the database that took it (see
	 * {@link StripeStore#compareAndSetThenRead}).
	 */
	Optional<StripeReading> compareAndSetThenRead(String counter, OptionalLong expected, long value) {
		return this.member.store()
			.compareAndSetThenRead(counter, expected, value, STATE_AND_IDENTITY)
			.map(StripeRecords::reading);
	}

	private static StripeReading reading(List<OptionalLong> stateAndIdentity) {
		return new StripeReading(stateAndIdentity.get(0).orElse(0), stateAndIdentity.get(1));
	}

	/**
	 * Return everything the store holds, read at once.
	 */
	StripeSnapshot snapshot() {
		return StripeSnapshot.of(this.member.name(), this.member.store().readAll());
	}

	/**
	 * Move the state from {@code expected} to {@code next}.
	 * @return whether this call moved it
	 */
	boolean advance(long expected, long next) {
		OptionalLong current = (expected == 0) ? this.member.store().read(STATE) : OptionalLong.of(expected);
		if (current.isPresent() && current.getAsLong() != expected) {
			return false;
		}
		return this.member.store().compareAndSet(STATE, current, next);
	}

	/**
	 * Return the layout of a generation, or {@code null} if it is not (completely)
	 * recorded.
	 */
	StripeLayout layout(int generation) {
		if (generation == 0) {
			return StripeLayout.UNSTRIPED;
		}
		List<OptionalLong> values = this.member.store()
			.read(List.of(name(generation, "count"), name(generation, "index")));
		OptionalLong count = values.get(0);
		OptionalLong index = values.get(1);
		if (count.isEmpty() || index.isEmpty()) {
			return null;
		}
		return layout(this.member.name(), generation, count.getAsLong(), index.getAsLong());
	}

	/**
	 * Return the layout of a generation as a store records it.
	 * @throws BackendMisconfiguredException if the values are no layout
	 */
	static StripeLayout layout(String store, int generation, long count, long index) {
		try {
			return new StripeLayout(generation, Math.toIntExact(count), Math.toIntExact(index));
		}
		catch (IllegalArgumentException | ArithmeticException ex) {
			throw new BackendMisconfiguredException("Store '" + store + "' records an invalid stripe layout for "
					+ "generation " + generation + ": count " + count + ", index " + index, ex);
		}
	}

	/**
	 * Record the layout of a generation, unless it is recorded already: then return the
	 * recorded one, whose count and index must be the same.
	 * @throws BackendMisconfiguredException if another count or index is recorded
	 */
	StripeLayout record(StripeLayout layout) {
		int generation = layout.generation();
		create(name(generation, "count"), layout.count());
		create(name(generation, "index"), layout.index());
		StripeLayout recorded = layout(generation);
		if (recorded == null || recorded.count() != layout.count() || recorded.index() != layout.index()) {
			throw new BackendMisconfiguredException("Store '" + this.member.name() + "' records generation "
					+ generation + " of the stripe layout as "
					+ ((recorded != null) ? describe(recorded) : "incomplete") + ", but this application would make it "
					+ describe(layout) + ": another instance set up the same generation with other stores; give every "
					+ "instance the same list of stores, or raise the stripe generation");
		}
		return recorded;
	}

	/**
	 * Return the identity of the store, a random number it records the first time it is
	 * asked, so that instances that call one database by different names, or two by the
	 * same name, tell them apart.
	 */
	long storeId() {
		long candidate = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
		create(STORE_ID, candidate);
		return this.member.store()
			.read(STORE_ID)
			.orElseThrow(() -> new BackendMisconfiguredException(
					"Store '" + this.member.name() + "' did not keep the record " + STORE_ID + " of its identity"));
	}

	/**
	 * Record which list of stores set up a generation, unless one is recorded already.
	 * @param generation the generation
	 * @param stores the digest of the identities of the stores of the generation, in
	 * order
	 */
	void recordStores(int generation, long stores) {
		create(name(generation, "stores"), stores);
	}

	/**
	 * Return which list of stores set up a generation.
	 * @param generation the generation
	 * @return the digest {@link #recordStores} recorded, or empty if none is recorded
	 */
	OptionalLong stores(int generation) {
		return this.member.store().read(name(generation, "stores"));
	}

	/**
	 * Record that a list of stores of a generation can never open, since a store of it
	 * records another list for the generation.
	 * @param generation the generation
	 * @param stores the digest of the list of stores
	 */
	void abandon(int generation, long stores) {
		create(name(generation, "abandoned"), stores);
	}

	private void create(String counter, long value) {
		this.member.store().compareAndSet(counter, OptionalLong.empty(), value);
	}

	static String describe(StripeLayout layout) {
		return layout.retired() ? "retired" : "stripe " + layout.index() + " of " + layout.count();
	}

	private static String name(int generation, String field) {
		return PREFIX + "@" + generation + "@" + field;
	}

	/**
	 * A record of one generation, {@code @stripes@<g>@<name>}, such as {@code count}.
	 *
	 * @param generation the generation
	 * @param name what the record holds
	 */
	record Field(int generation, String name) {

		/**
		 * Return the field a record name stands for.
		 * @param record the name of a record
		 * @return the field, or {@code null} if the name is not of a record of a
		 * generation
		 */
		static Field of(String record) {
			String[] parts = record.split("@");
			if (parts.length != 4 || !parts[0].isEmpty() || !("@" + parts[1]).equals(PREFIX)) {
				return null;
			}
			try {
				return new Field(Integer.parseInt(parts[2]), parts[3]);
			}
			catch (NumberFormatException ex) {
				return null;
			}
		}

	}

}
