package io.github.idgen.format;

import java.time.Clock;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

import io.github.idgen.PermutationMismatchException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;

/**
 * Serves the formatted IDs of one sequence, such as {@code ORD20261121000001}: the next
 * value of the counter of the current {@link ResetPeriod}, written with an
 * {@link IdFormat}.
 * <p>
 * The period is decided by the clock at the time of the call. Each call reads the clock
 * once, in the configured zone, and uses that one reading both to pick the period's
 * counter (such as {@code order@20261121}) and for the date/time fields of the format. A
 * call that straddles midnight therefore uses the date it read: its ID belongs wholly to
 * that day's counter and carries that day's date, even if it is returned after the next
 * day has begun. Values are ordered by the counter, not by the clock readings of
 * concurrent calls.
 * <p>
 * Exceptions from the counter, and {@link SequenceExhaustedException} from a value wider
 * than the format allows, name the period's counter, such as {@code order@20261121}.
 * <p>
 * An obfuscated format with {@linkplain SequenceFormat#keyChecks() key checks} checks its
 * permutation before the first number of each period (see {@link PermutationCheck}) and
 * throws {@link PermutationMismatchException}, drawing nothing, in a period that another
 * instance writes with another key or permutation.
 * <p>
 * Instances are thread-safe if the counter lookup is.
 */
public final class FormattedSequence {

	private final String name;

	private final IdFormat format;

	private final ResetPeriod reset;

	private final Clock clock;

	private final ZoneId zone;

	private final Function<String, Sequence> counters;

	private final PermutationCheck permutationCheck;

	/**
	 * Create a formatted sequence.
	 * @param name the sequence name, such as {@code order}
	 * @param format the format of the IDs and how often the counter restarts
	 * @param clock the clock that decides the period and the date/time fields
	 * @param zone the zone in which periods begin and date/time fields are written
	 * @param counters returns the sequence that serves a counter name, such as
	 * {@code order@20261121}
	 * @throws IllegalArgumentException if the name, or the counter names derived from it,
	 * are not valid sequence names
	 */
	public FormattedSequence(String name, SequenceFormat format, Clock clock, ZoneId zone,
			Function<String, Sequence> counters) {
		Objects.requireNonNull(format, "Format must not be null");
		this.name = format.reset().validateName(name);
		this.format = format.format();
		this.reset = format.reset();
		this.clock = Objects.requireNonNull(clock, "Clock must not be null");
		this.zone = Objects.requireNonNull(zone, "Zone must not be null");
		this.counters = Objects.requireNonNull(counters, "Counters must not be null");
		this.permutationCheck = (this.format.isObfuscated() && format.keyChecks() != null)
				? new PermutationCheck(this.name, format, format.keyChecks()) : null;
	}

	/**
	 * Return the name of this sequence.
	 * @return the sequence name, without a period
	 */
	public String name() {
		return this.name;
	}

	/**
	 * Return the next formatted ID of this sequence.
	 * @return the ID, such as {@code ORD20261121000001}
	 * @throws SequenceExhaustedException if the value does not fit the width of the
	 * format, or the period's counter is exhausted
	 * @throws PermutationMismatchException if another instance writes the period with
	 * another key or permutation
	 * @throws io.github.idgen.IdGenerationException if the counter cannot hand out a
	 * value
	 */
	public String next() {
		ZonedDateTime now = ZonedDateTime.ofInstant(this.clock.instant(), this.zone);
		String counter = this.reset.counterName(this.name, now);
		if (this.permutationCheck != null) {
			this.permutationCheck.check(counter, now.toLocalDate());
		}
		return this.format.format(counter, this.counters.apply(counter).next(), now);
	}

	/**
	 * Return the next formatted ID of this sequence if its counter has a value at once.
	 * @return the ID, or empty if the counter would wait for its backend, or the period's
	 * permutation is not checked yet
	 * @throws SequenceExhaustedException if the value does not fit the width of the
	 * format
	 * @see Sequence#nextIfReady()
	 */
	public Optional<String> nextIfReady() {
		ZonedDateTime now = ZonedDateTime.ofInstant(this.clock.instant(), this.zone);
		String counter = this.reset.counterName(this.name, now);
		if (this.permutationCheck != null && !this.permutationCheck.isChecked(counter)) {
			return Optional.empty();
		}
		OptionalLong value = this.counters.apply(counter).nextIfReady();
		return value.isPresent() ? Optional.of(this.format.format(counter, value.getAsLong(), now)) : Optional.empty();
	}

	/**
	 * Check now that this instance writes the current period with the key and permutation
	 * recorded for it, recording them if none are; done anyway before the first number of
	 * each period. Does nothing if the format is not obfuscated or has no key checks.
	 * @throws PermutationMismatchException if another instance writes the period with
	 * another key or permutation
	 * @throws io.github.idgen.BackendUnavailableException if the store of the key checks
	 * cannot be reached
	 */
	public void checkPermutation() {
		if (this.permutationCheck != null) {
			ZonedDateTime now = ZonedDateTime.ofInstant(this.clock.instant(), this.zone);
			this.permutationCheck.check(this.reset.counterName(this.name, now), now.toLocalDate());
		}
	}

	/**
	 * Return the value of the counter behind a formatted ID of this sequence.
	 * @param id the ID, such as {@code ORD20261121000001}
	 * @return the counter's value, such as {@code 1}
	 * @throws IllegalArgumentException if the format of this sequence cannot have written
	 * the ID, quoting it and saying why
	 * @see IdFormat#readValue(String, String)
	 */
	public long decode(String id) {
		return this.format.readValue(this.name, id);
	}

	@Override
	public String toString() {
		return this.name + " " + this.format + " reset " + this.reset;
	}

}
