package io.github.idgen.segment.striped;

import io.github.idgen.segment.SequenceBounds;

/**
 * What one store of a {@link StripedSegmentStore} hands out in one generation of the
 * layout: the IDs {@code x} with {@code x mod count == index}. The stores of one
 * generation have the same count and distinct indexes, so no two of them can ever hand
 * out the same ID, whatever their counters hold. Where a generation starts is kept per
 * sequence, in the counters: re-striping raises each counter of every store of the new
 * generation to the highest value any store held for it (see
 * {@link StripedSegmentStore}).
 * <p>
 * Generation 0 is the store on its own, before it became a stripe: every ID is its own
 * ({@link #UNSTRIPED}). A store dropped from the layout records a generation with the
 * index {@value #RETIRED}: it hands out nothing.
 *
 * @param generation the generation of the layout, 0 for a store serving alone
 * @param count the number of stores of the generation, at least 1
 * @param index which residue modulo {@code count} the store hands out, in
 * {@code [0, count)}, or {@value #RETIRED}
 */
public record StripeLayout(int generation, int count, int index) {

	/**
	 * The index of a store retired from the layout.
	 */
	public static final int RETIRED = -1;

	/**
	 * The layout of a store serving alone: generation 0, every ID.
	 */
	public static final StripeLayout UNSTRIPED = new StripeLayout(0, 1, 0);

	/**
	 * Create a layout, checking it.
	 * @param generation the generation of the layout
	 * @param count the number of stores of the generation
	 * @param index the residue the store hands out, or {@value #RETIRED}
	 */
	public StripeLayout {
		if (generation < 0) {
			throw new IllegalArgumentException("A stripe generation must not be negative but was " + generation);
		}
		if (count < 1 || index < RETIRED || index >= count) {
			throw new IllegalArgumentException(
					"A stripe's index must lie within [0, count) = [0, " + count + ") but was " + index);
		}
	}

	/**
	 * Return whether the store is retired in this layout.
	 * @return whether it hands out nothing
	 */
	public boolean retired() {
		return this.index == RETIRED;
	}

	/**
	 * Return the first ID of the stripe above a value: the smallest
	 * {@code x > max(above, 0)} with {@code x mod count == index}.
	 * @param above the value the ID must pass
	 * @return the ID, or -1 if it would pass {@link SequenceBounds#MAX_ID}
	 */
	public long firstAbove(long above) {
		long passed = Math.max(above, 0);
		if (passed >= SequenceBounds.MAX_ID) {
			return -1;
		}
		long candidate = passed + 1;
		long first = candidate + Math.floorMod(this.index - candidate, (long) this.count);
		return (first < candidate || first > SequenceBounds.MAX_ID) ? -1 : first;
	}

	/**
	 * Return whether an ID belongs to the stripe.
	 * @param id the ID
	 * @return whether the store hands it out in this layout
	 */
	public boolean contains(long id) {
		return !retired() && id >= 1 && Math.floorMod(id, (long) this.count) == this.index;
	}

	/**
	 * Describe which IDs the store hands out, such as {@code "IDs = 1 (mod 3)"}.
	 * @return the description, {@code "retired"} for a retired store
	 */
	public String stripe() {
		return retired() ? "retired" : "IDs = " + this.index + " (mod " + this.count + ")";
	}

	/**
	 * Describe the stripe for messages, such as {@code "IDs = 1 (mod 3) in generation
	 * 2"}.
	 * @return the description
	 */
	public String describe() {
		return stripe() + " in generation " + this.generation;
	}

}
