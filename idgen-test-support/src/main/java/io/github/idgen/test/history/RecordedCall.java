package io.github.idgen.test.history;

import io.github.idgen.test.history.HistoryRecorder.Outcome;

/**
 * One call of a history file, as {@link HistoryChecker#calls(java.nio.file.Path, int)}
 * reads it.
 *
 * @param outcome whether the call returned, threw or has not completed
 * @param id the ID the call returned, 0 unless {@link Outcome#OK}
 * @param failure the type of its failure, {@code null} unless {@link Outcome#FAILED}
 * @param latencyNanos how long the call took, 0 while it is {@link Outcome#INVOKED}
 */
public record RecordedCall(Outcome outcome, long id, FailureType failure, long latencyNanos) {

	/**
	 * Return whether the call returned an ID.
	 * @return whether its outcome is {@link Outcome#OK}
	 */
	public boolean ok() {
		return this.outcome == Outcome.OK;
	}

	/**
	 * Return whether the call threw.
	 * @return whether its outcome is {@link Outcome#FAILED}
	 */
	public boolean failed() {
		return this.outcome == Outcome.FAILED;
	}

}
