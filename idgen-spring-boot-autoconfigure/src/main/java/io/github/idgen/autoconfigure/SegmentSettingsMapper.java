package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

import io.github.idgen.SequenceNames;
import io.github.idgen.SequenceObserver;
import io.github.idgen.autoconfigure.IdGeneratorProperties.SequenceProperties;
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
 * value with an {@link InvalidConfigurationPropertyValueException} that names the
 * property a user has to change.
 */
final class SegmentSettingsMapper {

	private static final String SEGMENT = "idgen.segment.";

	private final IdGeneratorProperties properties;

	SegmentSettingsMapper(IdGeneratorProperties properties) {
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

	Map<String, SequenceFormat> formats() {
		Map<String, SequenceFormat> formats = new LinkedHashMap<>();
		this.properties.getSequences().forEach((name, sequence) -> {
			if (sequence.getFormat() != null) {
				formats.put(name, new SequenceFormat(format("idgen.sequences." + name + ".format", sequence.getFormat()),
						sequence.getReset()));
			}
			else if (sequence.getReset() != ResetPeriod.NEVER) {
				throw new InvalidConfigurationPropertyValueException("idgen.sequences." + name + ".reset",
						sequence.getReset(), "A reset period applies only to a sequence with a format; set "
								+ "idgen.sequences." + name + ".format too");
			}
		});
		return formats;
	}

	private static IdFormat format(String property, String pattern) {
		try {
			return IdFormat.parse(pattern);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException(property, pattern, ex.getMessage());
		}
	}

	/**
	 * Return the sequences of a segment store, each with its mapped settings, observed by
	 * the given observer.
	 */
	SegmentSequences segmentSequences(SegmentStore store, SequenceObserver observer) {
		return new SegmentSequences(store, defaults(), sequences(), observer);
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
		start.require(start.value() >= 1, "must be at least 1");
		Setting<Long> maxValue = new Setting<>(prefix + "max-value",
				(sequence.getMaxValue() != null) ? sequence.getMaxValue() : SequenceBounds.MAX_ID);
		maxValue.require(maxValue.value() >= start.value() && maxValue.value() <= SequenceBounds.MAX_ID,
				"must lie within " + start.property() + " (" + start.value() + ") and " + SequenceBounds.MAX_ID);
		step.require(step.value() >= 1, "must be at least 1");
		minStep.require(minStep.value() >= 1, "must be at least 1");
		maxStep.require(maxStep.value() >= minStep.value(),
				"must not be less than " + minStep.property() + " (" + minStep.value() + ")");
		step.require(step.value() >= minStep.value() && step.value() <= maxStep.value(),
				"must lie within " + minStep.property() + " (" + minStep.value() + ") and " + maxStep.property()
						+ " (" + maxStep.value() + "); change it or those bounds");
		segmentDuration.require(isPositive(segmentDuration.value()), "must be positive");
		prefetchAt.require(prefetchAt.value() >= 0 && prefetchAt.value() < 1,
				"must be at least 0 and less than 1 (a fraction of the segment)");
		fetchTimeout.require(isPositive(fetchTimeout.value()), "must be positive");
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

	private static String validName(String property, String name) {
		try {
			return SequenceNames.validate(name);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException(property, name, ex.getMessage());
		}
	}

	/**
	 * A configured value and the property it came from.
	 */
	private record Setting<T>(String property, T value) {

		void require(boolean valid, String reason) {
			if (!valid) {
				throw new InvalidConfigurationPropertyValueException(this.property, this.value, reason);
			}
		}

	}

}
