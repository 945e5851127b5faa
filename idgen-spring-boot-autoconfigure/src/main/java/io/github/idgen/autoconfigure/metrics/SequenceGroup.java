package io.github.idgen.autoconfigure.metrics;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.worker.LeaseFencedSequence;

/**
 * The sequences that one {@code sequence} tag of one backend stands for: one sequence,
 * the period counters of one sequence, or every sequence beyond the bound
 * ({@code other}). Its gauges and counters add them up. Sequences are added by the thread
 * that created them and read by whichever thread publishes the meters, hence a
 * copy-on-write list.
 */
final class SequenceGroup {

	private final List<Sequence> sequences = new CopyOnWriteArrayList<>();

	void add(Sequence sequence) {
		this.sequences.add(sequence);
	}

	double issued() {
		long issued = 0;
		for (Sequence sequence : this.sequences) {
			if (sequence instanceof SequenceInfo info) {
				issued += info.issued();
			}
		}
		return issued;
	}

	double remaining() {
		long remaining = 0;
		for (Sequence sequence : this.sequences) {
			if (sequence instanceof SegmentBuffer buffer) {
				remaining += buffer.state().remaining();
			}
		}
		return remaining;
	}

	double leaseSeconds() {
		double seconds = Double.NaN;
		for (Sequence sequence : this.sequences) {
			Optional<Duration> lease = (sequence instanceof LeaseFencedSequence fenced) ? fenced.leaseValidFor()
					: Optional.empty();
			if (lease.isPresent()) {
				double validFor = lease.get().toNanos() / 1e9;
				seconds = Double.isNaN(seconds) ? validFor : Math.min(seconds, validFor);
			}
		}
		return seconds;
	}

}
