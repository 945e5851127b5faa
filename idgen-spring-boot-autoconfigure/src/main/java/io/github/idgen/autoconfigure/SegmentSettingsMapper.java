package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.Arrays;
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
import io.github.idgen.text.IdCodec;

/**
 * Maps {@link IdGeneratorProperties} to {@link SegmentSettings}, rejecting every invalid
 * value with an {@link IdGeneratorConfigurationException} that names the property a user
 * has to change and how.
 */
public final class SegmentSettingsMapper {

	private static final String SEGMENT = "idgen.segment.";

	private static final String SHARED_KEY = "idgen.obfuscation.key";

	private static final int SMALLEST_WIDTH = 6;

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
	 * Return the format of every sequence that has one, or a text form, checking that its
	 * date/time fields identify its reset period, that its name leaves room for the
	 * period in the names of its counters, and that an obfuscated one has a key.
	 */
	Map<String, SequenceFormat> formats() {
		Map<String, SequenceFormat> formats = new LinkedHashMap<>();
		this.properties.getSequences().forEach((name, sequence) -> {
			String prefix = "idgen.sequences." + name + ".";
			String pattern = pattern(prefix, sequence);
			if (pattern != null) {
				validName("idgen.sequences", name);
				formats.put(name, sequenceFormat(prefix, name, pattern, sequence));
			}
			else if (sequence.getReset() != ResetPeriod.NEVER) {
				String property = prefix + "reset";
				throw new IdGeneratorConfigurationException(property, sequence.getReset(),
						property + " is '" + lowerCase(sequence.getReset())
								+ "', but a reset period applies only to a sequence with a format.",
						"Set " + prefix + "format too, or remove " + property + ".");
			}
			else if (sequence.isObfuscate()) {
				String property = prefix + "obfuscate";
				throw new IdGeneratorConfigurationException(property, true,
						property + " is true, but only the value of a format is obfuscated.",
						"Set " + prefix + "format with a fixed width, such as 'ORD{yyyyMMdd}{seq:8}', or remove "
								+ property + ".");
			}
			checkKeyIsUsed(prefix, sequence);
		});
		return formats;
	}

	private static String pattern(String prefix, SequenceProperties sequence) {
		IdCodec text = sequence.getText();
		if (text == null) {
			return sequence.getFormat();
		}
		String token = "{seq:" + text.formatName() + "}";
		if (sequence.getFormat() != null) {
			throw new IdGeneratorConfigurationException(prefix + "text", text.formatName(),
					prefix + "text is '" + text.formatName() + "', but " + prefix
							+ "format is set too, and the text form applies only to a sequence without a format.",
					"Remove " + prefix + "text, or remove it and write the value as text in the format, such as '"
							+ sequence.getFormat().replaceAll("\\{seq(:[^}]*)?}", token) + "'.");
		}
		return token;
	}

	private static void checkKeyIsUsed(String prefix, SequenceProperties sequence) {
		if (sequence.isAllowSmallDomain() && !sequence.isObfuscate()) {
			throw new IdGeneratorConfigurationException(prefix + "allow-small-domain", true,
					prefix + "allow-small-domain is true, but " + prefix
							+ "obfuscate is not true, so there is no permutation whose domain it allows.",
					"Set " + prefix + "obfuscate=true, or remove " + prefix + "allow-small-domain.");
		}
		if (sequence.getKey() != null && !sequence.isObfuscate()) {
			throw new IdGeneratorConfigurationException(prefix + "key", ObfuscationKey.HIDDEN,
					prefix + "key is set, but " + prefix + "obfuscate is not true, so nothing uses the key.",
					"Set " + prefix + "obfuscate=true, or remove " + prefix + "key.");
		}
		checkPermutation(prefix, sequence);
	}

	private static void checkPermutation(String prefix, SequenceProperties sequence) {
		String permutation = prefix + "permutation";
		String from = prefix + "per-period-from";
		if (sequence.getPermutation() == Permutation.FIXED && !sequence.isObfuscate()) {
			throw new IdGeneratorConfigurationException(permutation, "fixed",
					permutation + " is 'fixed', but " + prefix + "obfuscate is not true, so nothing is permuted.",
					"Set " + prefix + "obfuscate=true, or remove " + permutation + ".");
		}
		if (sequence.getPerPeriodFrom() == null) {
			if (sequence.isObfuscate() && sequence.getReset() != ResetPeriod.NEVER
					&& sequence.getPermutation() == null) {
				throw new IdGeneratorConfigurationException(permutation, null, permutation
						+ " is not set for an obfuscated sequence with reset '"
						+ sequence.getReset().name().toLowerCase()
						+ "': its numbers depend on the permutation, and instances of one period that write another "
						+ "one repeat each other's numbers, so idgen does not choose it for you.",
						"Set " + permutation + "=per-period for a sequence that no instance has obfuscated before "
								+ "(another permutation every period). For one that instances of an earlier idgen "
								+ "version obfuscate, set " + permutation + "=per-period with " + from
								+ " set to a day after the last of them stops, or " + permutation
								+ "=fixed to keep their numbers.");
			}
			return;
		}
		if (!sequence.isObfuscate()) {
			throw new IdGeneratorConfigurationException(from, sequence.getPerPeriodFrom(),
					from + " is set, but " + prefix + "obfuscate is not true, so nothing is permuted.",
					"Set " + prefix + "obfuscate=true, or remove " + from + ".");
		}
		if (sequence.getPermutation() == Permutation.FIXED) {
			throw new IdGeneratorConfigurationException(from, sequence.getPerPeriodFrom(),
					from + " is set, but " + permutation + " is 'fixed', so no period has a permutation of its own.",
					"Set " + permutation + "=per-period to switch at that date, or remove " + from + ".");
		}
		if (sequence.getReset() == ResetPeriod.NEVER) {
			throw new IdGeneratorConfigurationException(from, sequence.getPerPeriodFrom(),
					from + " is set, but " + prefix
							+ "reset is 'never': one period, whose permutation is the fixed one.",
					"Remove " + from + ", or set " + prefix + "reset to the period of the format's date fields.");
		}
	}

	private SequenceFormat sequenceFormat(String prefix, String name, String pattern, SequenceProperties sequence) {
		String formatProperty = (sequence.getText() != null) ? prefix + "text" : prefix + "format";
		String resetProperty = prefix + "reset";
		IdFormat format = format(formatProperty, pattern);
		if (sequence.isObfuscate()) {
			format = obfuscated(prefix, name, formatProperty, format, sequence);
		}
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

	/**
	 * Return the format with its value obfuscated under the sequence's key, or else the
	 * shared one. Messages name the key's property, never its value.
	 */
	private IdFormat obfuscated(String prefix, String name, String formatProperty, IdFormat format,
			SequenceProperties sequence) {
		String ownKey = sequence.getKey();
		String keyProperty = (ownKey != null) ? prefix + "key" : SHARED_KEY;
		String key = (ownKey != null) ? ownKey : this.properties.getObfuscation().getKey();
		if (key == null || key.isBlank()) {
			throw new IdGeneratorConfigurationException(prefix + "obfuscate", true,
					prefix + "obfuscate is true, but neither " + prefix + "key nor " + SHARED_KEY + " is set.",
					"Set " + SHARED_KEY + " (or " + prefix + "key) to " + ObfuscationKey.KEY_ADVICE + " Or remove "
							+ prefix + "obfuscate.");
		}
		byte[] bytes = ObfuscationKey.decode(keyProperty, key);
		try {
			IdFormat obfuscated = (sequence.getPermutation() == Permutation.FIXED) ? format.obfuscated(bytes, name)
					: format.obfuscatedPerPeriod(bytes, name, sequence.getReset(), sequence.getPerPeriodFrom());
			return checkDomain(prefix, obfuscated, formatProperty, sequence.isAllowSmallDomain());
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException(formatProperty, format.pattern(),
					formatProperty + " is '" + format.pattern() + "' and " + prefix + "obfuscate is true: "
							+ ex.getMessage() + ".",
					"Set " + formatProperty + " to a format whose value has a fixed width of decimal digits, such as '"
							+ format.pattern().replaceAll("\\{seq(:[^}]*)?}", "{seq:8}") + "', or remove " + prefix
							+ "obfuscate.");
		}
		finally {
			Arrays.fill(bytes, (byte) 0);
		}
	}

	/**
	 * Return the obfuscated format, unless its width is below {@value #SMALLEST_WIDTH}
	 * digits, a domain below the million values that NIST SP 800-38G Revision 1 (draft)
	 * sets as FF1's minimum, and the small domain is not allowed explicitly.
	 */
	private static IdFormat checkDomain(String prefix, IdFormat format, String formatProperty,
			boolean allowSmallDomain) {
		if (format.width() >= SMALLEST_WIDTH || allowSmallDomain) {
			return format;
		}
		String property = prefix + "allow-small-domain";
		throw new IdGeneratorConfigurationException(property, false,
				formatProperty + " is '" + format.pattern() + "' and " + prefix + "obfuscate is true, but " + property
						+ " is not: a width of " + format.width()
						+ " is a domain below a million values, FF1's minimum, "
						+ "so that anyone who sees enough numbers can tabulate the permutation and count.",
				"Set " + formatProperty + " to a width of 6 digits or more, such as '"
						+ format.pattern().replaceAll("\\{seq(:[^}]*)?}", "{seq:6}") + "', or set " + property
						+ "=true to accept numbers that hide the count from a casual reader only.");
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

	private static String lowerCase(Enum<?> value) {
		return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
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
		fetchTimeout.require(fetchTimeout.value().compareTo(SegmentSettings.MAX_FETCH_TIMEOUT) <= 0,
				"must be at most " + SegmentSettings.MAX_FETCH_TIMEOUT.toDays()
						+ "d (about 292 years), the longest wait idgen can time",
				"Set " + fetchTimeout.property() + " to a duration such as 3s.");
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
