package io.github.idgen.format;

import java.time.LocalDate;

import io.github.idgen.PermutationMismatchException;
import io.github.idgen.SequenceNames;
import io.github.idgen.segment.KeyCheckStore;

/**
 * Checks, before an obfuscated sequence writes the first number of a period, that every
 * instance writing in that period permutes it alike: records the key check value of this
 * instance's permutation for the period's counter and the format's layout in the
 * backend's {@link KeyCheckStore}, and refuses the period if another value is recorded
 * there. The first instance to write in a period decides its permutation; an instance
 * with another key or permutation writes nothing in that period, since two permutations
 * of one counter write the same number for different values.
 * <p>
 * Thread-safe: any caller may check. The counter checked last is kept in a volatile field
 * that any caller writes after a successful check, so that the store is asked once per
 * period and instance, and again only when the clock moves to another period. Callers
 * that check one new period at once all ask the store, which answers them alike.
 */
final class PermutationCheck {

	private final String sequence;

	private final IdFormat format;

	private final ResetPeriod reset;

	private final KeyCheckStore store;

	private final String scope;

	private volatile String checked;

	PermutationCheck(String sequence, SequenceFormat format, KeyCheckStore store) {
		this.sequence = sequence;
		this.format = format.format();
		this.reset = format.reset();
		this.store = store;
		this.scope = KeyCheckValue.scopeOf(this.format.layout());
	}

	/**
	 * Return whether the permutation of a counter is checked already.
	 * @param counter the counter name
	 * @return whether it is the counter checked last
	 */
	boolean isChecked(String counter) {
		return counter.equals(this.checked);
	}

	/**
	 * Check the permutation of a period's counter unless it is the one checked last.
	 * @param counter the counter of the period, such as {@code order@20261121}
	 * @param day a day of the period, in the zone of the sequence
	 * @throws PermutationMismatchException if another key or permutation is recorded
	 * @throws io.github.idgen.BackendUnavailableException if the store cannot be reached
	 */
	void check(String counter, LocalDate day) {
		if (isChecked(counter)) {
			return;
		}
		String tweak = this.format.permutationTweak(day);
		long check = this.format.keyCheckValue(tweak);
		long recorded = this.store.recordIfAbsent(counter, this.scope, check);
		if (recorded != check) {
			throw mismatch(counter, tweak, recorded);
		}
		this.checked = counter;
	}

	private PermutationMismatchException mismatch(String counter, String tweak, long recorded) {
		boolean fixed = tweak.equals(this.sequence);
		String otherTweak = fixed ? counter : this.sequence;
		boolean keyDifferent = this.reset == ResetPeriod.NEVER || otherTweak.equals(tweak)
				|| recorded != this.format.keyCheckValue(otherTweak);
		String writer = keyDifferent ? "an instance with another key"
				: "an instance with the same key and the " + (fixed ? "per-period" : "fixed") + " permutation";
		String mine = keyDifferent ? "" : ", and this instance writes the " + (fixed ? "fixed" : "per-period") + " one";
		return new PermutationMismatchException(this.sequence, counter, keyDifferent,
				"Sequence " + SequenceNames.quote(this.sequence) + " writes no number of counter "
						+ SequenceNames.quote(counter) + " with format '" + this.format.pattern() + "': " + writer
						+ " wrote its first numbers (" + this.store.describe(counter, this.scope)
						+ " records its permutation)" + mine + "; two permutations of one counter write the same "
						+ "number for different values. Give every instance the key"
						+ (keyDifferent ? "" : " and the permutation (and per-period-from)")
						+ " of the others, or switch at a period boundary or with a new version digit in the format");
	}

}
