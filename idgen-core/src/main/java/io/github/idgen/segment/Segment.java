package io.github.idgen.segment;

/**
 * A block of IDs reserved from a {@link SegmentStore}: the half-open range
 * {@code [start, end)}. No other caller, in any process, ever receives an ID of it.
 *
 * @param start the first ID of the block, at least 1
 * @param end the ID after the last one of the block, greater than {@code start}
 */
public record Segment(long start, long end) {

	/**
	 * Create a segment, checking that it is a non-empty range of positive IDs.
	 * @param start the first ID of the block
	 * @param end the ID after the last one of the block
	 */
	public Segment {
		if (start < 1 || end <= start) {
			throw new IllegalArgumentException("Invalid segment [" + start + ", " + end + ")");
		}
	}

	/**
	 * Create the segment of {@code step} IDs that ends with {@code lastId}, the form in
	 * which stores keep their counters.
	 * @param lastId the last ID of the block, inclusive
	 * @param step the number of IDs in the block
	 * @return the segment {@code [lastId - step + 1, lastId + 1)}
	 */
	public static Segment endingAt(long lastId, long step) {
		return new Segment(lastId - step + 1, lastId + 1);
	}

	/**
	 * Return the number of IDs in this segment.
	 * @return {@code end - start}
	 */
	public long size() {
		return this.end - this.start;
	}

}
