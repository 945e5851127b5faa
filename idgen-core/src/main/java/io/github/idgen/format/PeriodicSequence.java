package io.github.idgen.format;

import java.time.Clock;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

import io.github.idgen.IdLimit;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;

/**
 * The {@link Sequence} of a sequence with a format: {@link #next()} returns the values of
 * the current period's counter (such as {@code order@20261121}), and
 * {@link #nextFormatted()} the formatted IDs of a {@link FormattedSequence}. The period
 * is decided by the clock at the time of each call.
 */
public final class PeriodicSequence implements Sequence, SequenceInfo {

	private final String name;

	private final SequenceFormat format;

	private final Clock clock;

	private final ZoneId zone;

	private final Function<String, Sequence> counters;

	private final FormattedSequence formatted;

	/**
	 * Create a sequence.
	 * @param name the sequence name
	 * @param format the format and reset period
	 * @param clock the clock that decides the period
	 * @param zone the zone in which periods begin
	 * @param counters returns the sequence that serves a counter name
	 */
	public PeriodicSequence(String name, SequenceFormat format, Clock clock, ZoneId zone,
			Function<String, Sequence> counters) {
		this.name = name;
		this.format = format;
		this.clock = clock;
		this.zone = zone;
		this.counters = counters;
		this.formatted = new FormattedSequence(name, format, clock, zone, counters);
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public long next() {
		return counter().next();
	}

	@Override
	public long[] next(int count) {
		return counter().next(count);
	}

	@Override
	public OptionalLong nextIfReady() {
		return counter().nextIfReady();
	}

	@Override
	public String nextFormatted() {
		return this.formatted.next();
	}

	@Override
	public Optional<String> nextFormattedIfReady() {
		return this.formatted.nextIfReady();
	}

	/**
	 * Check now that this instance writes the current period of an obfuscated format with
	 * the key and permutation recorded for it.
	 * @see FormattedSequence#checkPermutation()
	 */
	public void checkPermutation() {
		this.formatted.checkPermutation();
	}

	@Override
	public long decodeFormatted(String id) {
		return this.formatted.decode(id);
	}

	/**
	 * Return the format, whether it is obfuscated, the reset period, the name of the
	 * current period's counter and the IDs it issued, all from one reading of the clock.
	 */
	@Override
	public Map<String, Object> info() {
		String counter = counterName();
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("format", this.format.format().pattern());
		if (this.format.format().isObfuscated()) {
			info.put("obfuscated", true);
		}
		info.put("reset", this.format.reset().label());
		info.put("counter", counter);
		info.put("issued", issued(this.counters.apply(counter)));
		return info;
	}

	/**
	 * Return the IDs that the current period's counter issued; the counters of earlier
	 * periods are sequences of their own.
	 */
	@Override
	public long issued() {
		return issued(counter());
	}

	/**
	 * Return the position of the current period's counter.
	 */
	@Override
	public OptionalLong position() {
		return (counter() instanceof SequenceInfo info) ? info.position() : OptionalLong.empty();
	}

	/**
	 * Return the tighter of the current counter's own limit (such as a time layout's end)
	 * and the largest value the width of the format holds, in the current period if the
	 * counter resets.
	 */
	@Override
	public Optional<IdLimit> limit() {
		Optional<IdLimit> counterLimit = (counter() instanceof SequenceInfo info) ? info.limit() : Optional.empty();
		Optional<IdLimit> widthLimit = widthLimit();
		if (counterLimit.isEmpty() || widthLimit.isEmpty()) {
			return widthLimit.isPresent() ? widthLimit : counterLimit;
		}
		return (counterLimit.get().maxValue() < widthLimit.get().maxValue()) ? counterLimit : widthLimit;
	}

	private Optional<IdLimit> widthLimit() {
		IdFormat format = this.format.format();
		if (format.width() == 0) {
			return Optional.empty();
		}
		long maxValue = format.maxValue();
		String reason = "the width " + format.width() + " of format '" + format.pattern() + "'";
		ResetPeriod reset = this.format.reset();
		if (reset == ResetPeriod.NEVER) {
			return Optional.of(new IdLimit(IdLimit.Kind.VALUE, maxValue, null, 0, reason));
		}
		ZonedDateTime periodEnd = reset.endOf(ZonedDateTime.ofInstant(this.clock.instant(), this.zone));
		return Optional.of(IdLimit.period(maxValue, periodEnd.toInstant(), reason + " per " + reset.unit()));
	}

	private static long issued(Sequence counter) {
		return (counter instanceof SequenceInfo info) ? info.issued() : 0;
	}

	private Sequence counter() {
		return this.counters.apply(counterName());
	}

	private String counterName() {
		return this.format.reset().counterName(this.name, ZonedDateTime.ofInstant(this.clock.instant(), this.zone));
	}

}
