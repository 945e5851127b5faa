package io.github.idgen.segment;

import java.util.List;
import java.util.Map;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.SequenceObserver;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.background.BackgroundThreads;

/**
 * An {@link io.github.idgen.IdGenerator} that serves every sequence from a
 * {@link SegmentBuffer} over one {@link SegmentStore}: a {@link DefaultIdGenerator} over
 * {@link SegmentSequences}. {@link #close()} ends the fetches and the fetch threads of
 * its own.
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
		this(store, defaults, configured, defaultSequence, unknownSequences, BackgroundThreads.daemon());
	}

	/**
	 * Create a generator that fetches segments on the given background threads.
	 * @param store the store that reserves segments
	 * @param defaults the settings of the default sequence and of unknown sequences that
	 * are created
	 * @param configured the settings of each configured sequence
	 * @param defaultSequence the name of the default sequence
	 * @param unknownSequences what to do with a sequence that is not configured
	 * @param threads what runs the fetches
	 */
	public SegmentIdGenerator(SegmentStore store, SegmentSettings defaults, Map<String, SegmentSettings> configured,
			String defaultSequence, UnknownSequencePolicy unknownSequences, BackgroundThreads threads) {
		super(new SegmentSequences(store, defaults, configured, SequenceObserver.NONE, threads), configured.keySet(),
				defaultSequence, unknownSequences);
	}

	/**
	 * Return the state of every sequence used so far.
	 * @return one state per sequence, in no particular order
	 */
	public List<SegmentBuffer.State> sequenceStates() {
		return sequences().stream().map((sequence) -> ((SegmentBuffer) sequence).state()).toList();
	}

}
