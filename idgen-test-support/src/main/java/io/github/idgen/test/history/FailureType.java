package io.github.idgen.test.history;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.CounterLostException;
import io.github.idgen.PermutationMismatchException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.WorkerIdLostException;

/**
 * The kinds of failure a history tells apart, by the exception a call threw.
 */
public enum FailureType {

	/** {@link BackendUnavailableException}. */
	BACKEND_UNAVAILABLE(BackendUnavailableException.class),

	/** {@link SequenceExhaustedException}. */
	SEQUENCE_EXHAUSTED(SequenceExhaustedException.class),

	/** {@link WorkerIdLostException}. */
	WORKER_ID_LOST(WorkerIdLostException.class),

	/** {@link ClockMovedBackwardsException}. */
	CLOCK_MOVED_BACKWARDS(ClockMovedBackwardsException.class),

	/** {@link CounterLostException}. */
	COUNTER_LOST(CounterLostException.class),

	/**
	 * {@link PermutationMismatchException}: an obfuscated sequence refused a period that
	 * another instance writes with another key or permutation.
	 */
	PERMUTATION_MISMATCH(PermutationMismatchException.class),

	/** Any other exception. */
	OTHER(RuntimeException.class);

	private final Class<? extends RuntimeException> type;

	FailureType(Class<? extends RuntimeException> type) {
		this.type = type;
	}

	/**
	 * Return the type of a failure: the first whose exception class it is an instance of.
	 * @param failure what a call threw
	 * @return its type, {@link #OTHER} if none more specific
	 */
	public static FailureType of(RuntimeException failure) {
		for (FailureType candidate : values()) {
			if (candidate.type.isInstance(failure)) {
				return candidate;
			}
		}
		return OTHER;
	}

	/**
	 * Return the simple name of the exception class this type stands for.
	 * @return the exception's simple name
	 */
	public String exceptionName() {
		return (this == OTHER) ? "Other" : this.type.getSimpleName();
	}

}
