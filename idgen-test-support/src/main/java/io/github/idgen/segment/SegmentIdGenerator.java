package io.github.idgen.segment;

import java.util.List;
import java.util.Map;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.UnknownSequencePolicy;

/**
 * An {@link io.github.idgen.IdGenerator} that serves every sequence from a
 * {@link SegmentBuffer} over one {@link SegmentStore}: a {@link DefaultIdGenerator} over
 * {@link SegmentSequences}. {@link #close()} ends the fetch threads.
 */
public class SegmentIdGenerator extends DefaultIdGenerator {

	/**
	 * Create a generator.
	 * @param store the store that reserves segments
	 * @param defaults the settings of the default sequence and of unknown sequences that
	 * are created
	 * @param configured the settings of each configured sequence
	 * @param defaultSequence the name of the default sequence
	 * @param unknownSequences what to do with a sequence that is not configured
	 */
	public SegmentIdGenerator(SegmentStore store, SegmentSettings defaults, Map<String, SegmentSettings> configured,
			String defaultSequence, UnknownSequencePolicy unknownSequences) {
		super(new SegmentSequences(store, defaults, configured), configured.keySet(), defaultSequence,
				unknownSequences);
	}

	/**
	 * Return the state of every sequence used so far.
	 * @return one state per sequence, in no particular order
	 */
	public List<SegmentBuffer.State> sequenceStates() {
		return sequences().stream().map((sequence) -> ((SegmentBuffer) sequence).state()).toList();
	}

}
