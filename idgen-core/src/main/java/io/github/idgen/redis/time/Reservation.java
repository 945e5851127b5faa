package io.github.idgen.redis.time;

/**
 * Consecutive sequence values of one millisecond that one Redis node reserved for one
 * shard of a sequence: {@code firstSequence}, {@code firstSequence + step}, and so on,
 * {@code size} values in all.
 *
 * @param millis the millisecond, in Unix time by the node's clock
 * @param firstSequence the first sequence value
 * @param step the distance between two sequence values: the number of nodes
 * @param size the number of sequence values, at least 1
 */
record Reservation(long millis, long firstSequence, int step, int size) {

	/**
	 * Return the {@code i}-th sequence value of this reservation.
	 * @param i the index, in {@code [0, size)}
	 * @return the sequence value
	 */
	long sequence(int i) {
		return this.firstSequence + (long) i * this.step;
	}

	/**
	 * Return whether every value of this reservation comes after every value of the given
	 * one, in the order in which one node hands them out.
	 * @param earlier the reservation to compare with, from the same node
	 * @return whether this reservation starts after {@code earlier} ends
	 */
	boolean startsAfter(Reservation earlier) {
		return this.millis > earlier.millis
				|| (this.millis == earlier.millis && this.firstSequence > earlier.sequence(earlier.size - 1));
	}

	/**
	 * Return whichever of two reservations of the same node ends later.
	 * @param one a reservation, or {@code null}
	 * @param other another reservation
	 * @return the one that ends later
	 */
	static Reservation later(Reservation one, Reservation other) {
		if (one == null) {
			return other;
		}
		long oneLast = one.sequence(one.size - 1);
		long otherLast = other.sequence(other.size - 1);
		boolean otherEndsLater = other.millis > one.millis || (other.millis == one.millis && otherLast > oneLast);
		return otherEndsLater ? other : one;
	}

}
