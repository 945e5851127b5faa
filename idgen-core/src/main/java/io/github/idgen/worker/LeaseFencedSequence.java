package io.github.idgen.worker;

import java.time.Duration;
import java.util.Optional;

import io.github.idgen.Sequence;

/**
 * A sequence whose IDs may be fenced by a worker ID lease: it then issues IDs only while
 * the lease is known valid.
 */
public interface LeaseFencedSequence extends Sequence {

	/**
	 * Return how long the lease of the sequence's worker ID is known valid from now.
	 * @return the remaining validity, zero once it has passed; empty if the worker ID is
	 * not leased
	 */
	Optional<Duration> leaseValidFor();

}
