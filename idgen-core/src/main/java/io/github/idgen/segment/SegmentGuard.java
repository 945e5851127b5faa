package io.github.idgen.segment;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.CounterLostException;
import io.github.idgen.SequenceNames;

/**
 * Checks each segment a store hands a {@link SegmentBuffer} before a single ID of it is
 * served, so that a faulty store fails with a typed exception instead of repeating IDs: a
 * segment must exist, end at or below the sequence's max-value and, for a sequence that
 * does not cycle, start above the last segment this buffer was handed (a striped store's
 * segments, every n-th ID, start above it too; a cyclic sequence's start again after a
 * wrap). Once per segment, never per ID.
 * <p>
 * Used only by the fetch attempts of one buffer, which never overlap (see
 * {@link SegmentBuffer}), so {@link #last} needs no synchronization of its own.
 */
final class SegmentGuard {

	private final String sequence;

	private final SequenceBounds bounds;

	private Segment last;

	SegmentGuard(String sequence, SequenceBounds bounds) {
		this.sequence = sequence;
		this.bounds = bounds;
	}

	/**
	 * Return a segment the store handed out if it is sound, and remember it as the last.
	 * @param segment the segment, as the store returned it
	 * @return the segment
	 * @throws BackendMisconfiguredException if there is none, or it ends past the
	 * max-value
	 * @throws CounterLostException if the sequence does not cycle and the segment does
	 * not start above the last one
	 */
	Segment check(Segment segment) {
		if (segment == null) {
			throw new BackendMisconfiguredException("The store of sequence " + SequenceNames.quote(this.sequence)
					+ " returned no segment; the store is faulty");
		}
		if (segment.last() > this.bounds.maxValue()) {
			throw new BackendMisconfiguredException("The store handed sequence " + SequenceNames.quote(this.sequence)
					+ " the segment " + describe(segment) + ", past its max-value " + this.bounds.maxValue()
					+ "; none of it is served: the store does not keep to the sequence's bounds");
		}
		if (!this.bounds.cycle() && this.last != null && segment.start() <= this.last.last()) {
			throw new CounterLostException(this.sequence, "The store handed sequence "
					+ SequenceNames.quote(this.sequence) + " the segment " + describe(segment)
					+ ", which does not start above the last one it handed this instance, " + describe(this.last)
					+ "; none of it is served, since it would repeat IDs: the store's counter went back (lost, restored "
					+ "from a backup, or on a replica that was behind)");
		}
		this.last = segment;
		return segment;
	}

	private static String describe(Segment segment) {
		return "[" + segment.start() + ", " + segment.end() + ")"
				+ ((segment.stride() != 1) ? " of stride " + segment.stride() : "");
	}

}
