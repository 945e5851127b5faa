package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.github.idgen.SequenceNames;
import io.github.idgen.SequenceObserver;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.format.IdFormat;
import io.github.idgen.format.ResetPeriod;
import io.github.idgen.format.SequenceFormat;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.StepPolicy;

/**
 * Maps {@link IdGeneratorProperties} to {@link SegmentSettings}, rejecting every invalid
 * value with an {@link IdGeneratorConfigurationException} that names the property a user
 * has to change and how.
 */
public final class SegmentSettingsMapper {

	private static final String SEGMENT = "idgen.segment.";

	private final IdGeneratorProperties properties;

	/**
	 * Create a mapper of the given properties.
	 * @param properties the bound idgen properties
	 */
	public SegmentSettingsMapper(IdGeneratorProperties properties) {
		this.properties = properties;
	}

	String defaultSequence() {
		return validName("idgen.default-sequence", this.properties.getDefaultSequence());
	}

	SegmentSettings defaults() {
		return map(SEGMENT, new SequenceProperties());
	}

	Map<String, SegmentSettings> sequences() {
		Map<String, SegmentSettings> sequences = new LinkedHashMap<>();
		this.properties.getSequences().forEach((name, sequence) -> {
			validName("idgen.sequences", name);
			sequences.put(name, map("idgen.sequences." + name + ".", sequence));
		});
		return sequences;
	}

	/**
	 * Return the format of every sequence that has one, checking that its date/time
	 * fields identify its reset period and that its name leaves room for the period in
	 * the names of its counters.
	 */
	Map<String, SequenceFormat> formats() {
		Map<String, SequenceFormat> formats = new LinkedHashMap<>();
		this.properties.getSequences().forEach((name, sequence) -> {
			String prefix = "idgen.sequences." + name + ".";
			if (sequence.getFormat() != null) {
				validName("idgen.sequences", name);
				formats.put(name, sequenceFormat(prefix, name, sequence));
			}
			else if (sequence.getReset() != ResetPeriod.NEVER) {
				String property = prefix + "reset";
				throw new IdGeneratorConfigurationException(property, sequence.getReset(),
						property + " is '" + lowerCase(sequence.getReset())
								+ "', but a reset period applies only to a sequence with a format.",
						"Set " + prefix + "format too, or remove " + property + ".");
			}
		});
		return formats;
	}

	private static SequenceFormat sequenceFormat(String prefix, String name, SequenceProperties sequence) {
		String formatProperty = prefix + "format";
		String resetProperty = prefix + "reset";
		IdFormat format = format(formatProperty, sequence.getFormat());
		ResetPeriod reset = sequence.getReset();
		try {
			reset.validateName(name);
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException(resetProperty, lowerCase(reset),
					resetProperty + " is '" + lowerCase(reset) + "': " + ex.getMessage() + ".",
					"Use a shorter name for the sequence under idgen.sequences, or set " + resetProperty
							+ " to a longer period or never.");
		}
		try {
			return new SequenceFormat(format, reset);
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException(formatProperty, format.pattern(),
					formatProperty + " is '" + format.pattern() + "' and " + resetProperty + " is '" + lowerCase(reset)
							+ "': " + ex.getMessage() + ".",
					"Set " + formatProperty + " to a format whose date/time fields identify the period, such as '"
							+ format.exampleFor(reset) + "', or set " + resetProperty + "=never.");
		}
	}

	private static IdFormat format(String property, String pattern) {
		try {
			return IdFormat.parse(pattern);
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException(property, pattern,
					property + " is '" + pattern + "', which is not a valid format: " + ex.getMessage(),
					"Fix " + property + ", for example 'ORD{yyyyMMdd}{seq:6}': literal text, date/time fields of "
							+ "fixed-width numbers in braces (yyyy, MM, dd, DDD, HH, mm, ss, SSS) and the value as "
							+ "{seq} or {seq:width}.");
		}
	}

	private static String lowerCase(ResetPeriod reset) {
		return reset.name().toLowerCase(Locale.ROOT);
	}

	/**
	 * Return the sequences of a segment store, each with its mapped settings, observed by
	 * the given observer, fetching on the given background threads.
	 * @param store the store
	 * @param observer the observer of the store's backend
	 * @param threads what runs the fetches
	 * @return the sequences
	 */
	public SegmentSequences segmentSequences(SegmentStore store, SequenceObserver observer, BackgroundThreads threads) {
		return new SegmentSequences(store, defaults(), sequences(), observer, threads);
	}

	private SegmentSettings map(String prefix, SequenceProperties sequence) {
		IdGeneratorProperties.Segment segment = this.properties.getSegment();
		Setting<Long> minStep = setting(prefix, "min-step", sequence.getMinStep(), segment.getMinStep());
		Setting<Long> maxStep = setting(prefix, "max-step", sequence.getMaxStep(), segment.getMaxStep());
		Setting<Long> step = setting(prefix, "step", sequence.getStep(), segment.getStep());
		Setting<Duration> segmentDuration = setting(prefix, "segment-duration", sequence.getSegmentDuration(),
				segment.getSegmentDuration());
		Setting<Double> prefetchAt = setting(prefix, "prefetch-at", sequence.getPrefetchAt(), segment.getPrefetchAt());
		Setting<Duration> fetchTimeout = setting(prefix, "fetch-timeout", sequence.getFetchTimeout(),
				segment.getFetchTimeout());
		Setting<Long> start = new Setting<>(prefix + "start", sequence.getStart());
		start.require(start.value() >= 1, "must be at least 1", "Set " + start.property() + " to 1 or more.");
		Setting<Long> maxValue = new Setting<>(prefix + "max-value",
				(sequence.getMaxValue() != null) ? sequence.getMaxValue() : SequenceBounds.MAX_ID);
		maxValue.require(maxValue.value() >= start.value() && maxValue.value() <= SequenceBounds.MAX_ID,
				"must lie within " + start.property() + " (" + start.value() + ") and " + SequenceBounds.MAX_ID,
				"Raise " + maxValue.property() + ", or lower " + start.property() + ".");
		step.require(step.value() >= 1, "must be at least 1", "Set " + step.property() + " to 1 or more.");
		minStep.require(minStep.value() >= 1, "must be at least 1", "Set " + minStep.property() + " to 1 or more.");
		maxStep.require(maxStep.value() >= minStep.value(),
				"must not be less than " + minStep.property() + " (" + minStep.value() + ")",
				"Raise " + maxStep.property() + " to at least " + minStep.value() + ", or lower " + minStep.property()
						+ ".");
		step.require(step.value() >= minStep.value() && step.value() <= maxStep.value(),
				"must lie within " + minStep.property() + " (" + minStep.value() + ") and " + maxStep.property() + " ("
						+ maxStep.value() + ")",
				"Change " + step.property() + " to a value within those bounds, or change " + minStep.property()
						+ " or " + maxStep.property() + ".");
		segmentDuration.require(isPositive(segmentDuration.value()), "must be positive",
				"Set " + segmentDuration.property() + " to a positive duration such as 15m.");
		prefetchAt.require(prefetchAt.value() >= 0 && prefetchAt.value() < 1,
				"must be at least 0 and less than 1 (a fraction of the segment)",
				"Set " + prefetchAt.property() + " to a fraction such as 0.1.");
		fetchTimeout.require(isPositive(fetchTimeout.value()), "must be positive",
				"Set " + fetchTimeout.property() + " to a positive duration such as 3s.");
		SequenceBounds bounds = new SequenceBounds(start.value(), maxValue.value(), sequence.isCycle());
		StepPolicy stepPolicy = new StepPolicy(minStep.value(), maxStep.value(), segmentDuration.value());
		return new SegmentSettings(bounds, step.value(), stepPolicy, prefetchAt.value(), fetchTimeout.value());
	}

	private static <T> Setting<T> setting(String prefix, String name, T override, T fallback) {
		return (override != null) ? new Setting<>(prefix + name, override) : new Setting<>(SEGMENT + name, fallback);
	}

	private static boolean isPositive(Duration duration) {
		return duration != null && !duration.isNegative() && !duration.isZero();
	}

	/**
	 * Return the name if it is a valid sequence name.
	 * @throws IdGeneratorConfigurationException naming the property if it is not
	 */
	static String validName(String property, String name) {
		try {
			return SequenceNames.validate(name);
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException(
					property, name, property + " names " + SequenceNames.quote(name)
							+ ", which is not a valid sequence name: " + ex.getMessage(),
					"Change the name in " + property + ".");
		}
	}

	/**
	 * A configured value and the property it came from.
	 */
	private record Setting<T>(String property, T value) {

		void require(boolean valid, String reason, String action) {
			if (!valid) {
				throw new IdGeneratorConfigurationException(this.property, this.value,
						this.property + " is " + this.value + ", but it " + reason + ".", action);
			}
		}

	}

}
