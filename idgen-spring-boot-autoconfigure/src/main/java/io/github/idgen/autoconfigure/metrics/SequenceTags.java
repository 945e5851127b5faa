package io.github.idgen.autoconfigure.metrics;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

import io.github.idgen.format.ResetPeriod;

/**
 * Bounds the values of the {@code sequence} tag: the first {@code maxSequences} distinct
 * sequence names keep their name, later ones are reported as {@value #OTHER}. A period
 * counter such as {@code order@20261121} counts as its sequence {@code order}.
 * <p>
 * {@link #known} is added to by whichever thread first sees a name, under {@link #lock}
 * so that the bound holds; it is read without locking. The lock is a
 * {@link ReentrantLock} rather than a monitor, as everywhere in idgen: callers on virtual
 * threads reach it (a caller that waited for a segment is timed), and on JDK 21 to 23 a
 * virtual thread that waits for a monitor pins its carrier.
 */
final class SequenceTags {

	/**
	 * The tag of every sequence beyond the bound.
	 */
	static final String OTHER = "other";

	private final int maxSequences;

	private final Set<String> known = ConcurrentHashMap.newKeySet();

	private final ReentrantLock lock = new ReentrantLock();

	SequenceTags(int maxSequences) {
		this.maxSequences = maxSequences;
	}

	/**
	 * Return the {@code sequence} tag of a sequence or period counter.
	 * @param name the sequence or period counter name
	 * @return its sequence name, or {@value #OTHER}
	 */
	String tagOf(String name) {
		String sequence = ResetPeriod.sequenceOf(name);
		if (this.known.contains(sequence)) {
			return sequence;
		}
		this.lock.lock();
		try {
			if (this.known.size() < this.maxSequences) {
				this.known.add(sequence);
				return sequence;
			}
			return this.known.contains(sequence) ? sequence : OTHER;
		}
		finally {
			this.lock.unlock();
		}
	}

}
