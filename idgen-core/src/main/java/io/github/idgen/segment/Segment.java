package io.github.idgen.segment;

/**
 * A block of IDs reserved from a {@link SegmentStore}: every {@code stride}-th ID of the
 * half-open range {@code [start, end)}, from {@code start} on. Stores of one counter
 * reserve contiguous blocks (stride 1); a store that is one stripe of several, such as
 * {@link io.github.idgen.segment.striped.StripedSegmentStore}'s, reserves every
 * {@code n}-th ID. No other caller, in any process, ever receives an ID of it.
 *
 * @param start the first ID of the block, at least 1
 * @param end the ID after the last one of the block, greater than {@code start}
 * @param stride the distance between two consecutive IDs of the block, at least 1;
 * {@code end - 1 - start} is a multiple of it
 */
public record Segment(long start, long end, long stride) {

	/**
	 * Create a segment, checking that it is a non-empty range of positive IDs whose last
	 * ID is {@code end - 1}.
	 * @param start the first ID of the block
	 * @param end the ID after the last one of the block
	 * @param stride the distance between two consecutive IDs of the block
	 */
	public Segment {
		if (start < 1 || end <= start || stride < 1 || (end - 1 - start) % stride != 0) {
			throw new IllegalArgumentException(
					"Invalid segment [" + start + ", " + end + ")" + ((stride != 1) ? " of stride " + stride : ""));
		}
	}

	/**
	 * Create a contiguous segment: every ID of {@code [start, end)}.
	 * @param start the first ID of the block
	 * @param end the ID after the last one of the block
	 */
	public Segment(long start, long end) {
		this(start, end, 1);
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
	 * @return {@code (end - 1 - start) / stride + 1}, which is {@code end - start} for a
	 * contiguous segment
	 */
	public long size() {
		return (this.end - 1 - this.start) / this.stride + 1;
	}

	/**
	 * Return the last ID of this segment.
	 * @return {@code end - 1}
	 */
	public long last() {
		return this.end - 1;
	}

}
