package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.time.LocalDate;

import org.springframework.format.annotation.DateTimeFormat;

import io.github.idgen.SequenceMode;
import io.github.idgen.format.ResetPeriod;
import io.github.idgen.text.IdCodec;

/**
 * Settings of one sequence. Settings left unset take the value of idgen.segment.
 */
public class SequenceProperties {

	/**
	 * Backend that reserves the IDs of this sequence. When not set, idgen.backend.
	 */
	private Backend backend;

	/**
	 * How the backend of this sequence serves it, for a backend that has modes. When not
	 * set, that backend's default mode.
	 */
	private SequenceMode mode;

	/**
	 * First ID of the sequence, used when its counter is created.
	 */
	private long start = 1;

	/**
	 * Last ID of the sequence. When not set, the sequence is bounded only by the 64-bit
	 * range.
	 */
	private Long maxValue;

	/**
	 * Whether the sequence starts again at 'start' once it has handed out 'max-value'.
	 * IDs then repeat across cycles, never within one.
	 */
	private boolean cycle;

	/**
	 * Format of the IDs that nextFormattedId returns, such as 'ORD{yyyyMMdd}{seq:6}':
	 * literal text, date/time fields in braces and the sequence value, zero-padded to a
	 * width ('{seq:6}') or not ('{seq}'). A value wider than its width is an error.
	 */
	private String format;

	/**
	 * Whether the value of the format is a keyed permutation of the counter within the
	 * width of '{seq:N}', so that outsiders cannot count the numbers handed out between
	 * two they see. The numbers keep their width and stay unique; decoding them with the
	 * key gives the counter back. Needs 'key' or idgen.obfuscation.key.
	 */
	private boolean obfuscate;

	/**
	 * Secret key of this sequence's obfuscation, instead of idgen.obfuscation.key: the
	 * Base64 of 16, 24 or 32 random bytes, such as the output of 'openssl rand -base64
	 * 32'. The same on every instance; never logged or shown.
	 */
	private String key;

	/**
	 * Whether an obfuscated format may have a width below 6 digits ('{seq:5}' or less): a
	 * domain below FF1's minimum of a million values, whose numbers anyone who sees
	 * enough of them can tabulate, so that they hide the count from a casual reader only.
	 * Without it such a format fails at startup.
	 */
	private boolean allowSmallDomain;

	/**
	 * Which permutation an obfuscated sequence writes: 'per-period', one of its own in
	 * every period of the reset (the same counter has other digits every day of a daily
	 * sequence), or 'fixed', the same in every period, as idgen wrote before. Numbers of
	 * the two can repeat each other within a period: switch a running sequence with
	 * 'per-period-from'. Required for an obfuscated sequence with a reset, unless
	 * 'per-period-from' is set, so that an upgrade never switches by default.
	 */
	private Permutation permutation;

	/**
	 * First day of the first period with the per-period permutation, such as
	 * '2026-12-01': the periods that begin before it keep the fixed one, which they
	 * decode with too. For a sequence obfuscated before, set a date after the last
	 * instance of the fixed permutation stops. Unset, every period has its own.
	 */
	@DateTimeFormat(iso = DateTimeFormat.ISO.DATE)
	private LocalDate perPeriodFrom;

	/**
	 * Text form of the IDs that nextFormattedId returns when no format is set: 'base62'
	 * (11 characters) or 'crockford-base32' (13 characters), fixed-width so that text
	 * order is numeric order.
	 */
	private IdCodec text;

	/**
	 * Whether the sequence's IDs go to JavaScript as numbers, whose integers are exact up
	 * to 2^53 - 1 only: its runway is then forecast against 2^53 - 1, and the health
	 * reports it exhausted beyond. It does not stop the sequence; set 'max-value' for
	 * that.
	 */
	private boolean javascriptSafe;

	/**
	 * How often the counter of a formatted sequence restarts: 'daily', 'monthly',
	 * 'yearly' or 'never'. Each period has a counter of its own, decided by the clock at
	 * the time of each call, in idgen.zone.
	 */
	private ResetPeriod reset = ResetPeriod.NEVER;

	/**
	 * Number of IDs in the first segment the sequence reserves.
	 */
	private Long step;

	/**
	 * Smallest number of IDs the adaptive step reserves at once.
	 */
	private Long minStep;

	/**
	 * Largest number of IDs the adaptive step reserves at once.
	 */
	private Long maxStep;

	/**
	 * How long one segment should last.
	 */
	private Duration segmentDuration;

	/**
	 * Fraction of a segment after whose use the next segment is fetched.
	 */
	private Double prefetchAt;

	/**
	 * How long a call waits in all for segments when none is left; in Redis increment
	 * mode, how long a caller waits for a reservation that another caller runs. At most
	 * 106751d.
	 */
	private Duration fetchTimeout;

	public Backend getBackend() {
		return this.backend;
	}

	public void setBackend(Backend backend) {
		this.backend = backend;
	}

	public SequenceMode getMode() {
		return this.mode;
	}

	public void setMode(SequenceMode mode) {
		this.mode = mode;
	}

	public long getStart() {
		return this.start;
	}

	public void setStart(long start) {
		this.start = start;
	}

	public Long getMaxValue() {
		return this.maxValue;
	}

	public void setMaxValue(Long maxValue) {
		this.maxValue = maxValue;
	}

	public boolean isCycle() {
		return this.cycle;
	}

	public void setCycle(boolean cycle) {
		this.cycle = cycle;
	}

	public boolean isJavascriptSafe() {
		return this.javascriptSafe;
	}

	public void setJavascriptSafe(boolean javascriptSafe) {
		this.javascriptSafe = javascriptSafe;
	}

	public String getFormat() {
		return this.format;
	}

	public void setFormat(String format) {
		this.format = format;
	}

	public boolean isObfuscate() {
		return this.obfuscate;
	}

	public void setObfuscate(boolean obfuscate) {
		this.obfuscate = obfuscate;
	}

	public Permutation getPermutation() {
		return this.permutation;
	}

	public void setPermutation(Permutation permutation) {
		this.permutation = permutation;
	}

	public LocalDate getPerPeriodFrom() {
		return this.perPeriodFrom;
	}

	public void setPerPeriodFrom(LocalDate perPeriodFrom) {
		this.perPeriodFrom = perPeriodFrom;
	}

	public boolean isAllowSmallDomain() {
		return this.allowSmallDomain;
	}

	public void setAllowSmallDomain(boolean allowSmallDomain) {
		this.allowSmallDomain = allowSmallDomain;
	}

	public String getKey() {
		return this.key;
	}

	public void setKey(String key) {
		this.key = key;
	}

	public IdCodec getText() {
		return this.text;
	}

	public void setText(IdCodec text) {
		this.text = text;
	}

	public ResetPeriod getReset() {
		return this.reset;
	}

	public void setReset(ResetPeriod reset) {
		this.reset = reset;
	}

	public Long getStep() {
		return this.step;
	}

	public void setStep(Long step) {
		this.step = step;
	}

	public Long getMinStep() {
		return this.minStep;
	}

	public void setMinStep(Long minStep) {
		this.minStep = minStep;
	}

	public Long getMaxStep() {
		return this.maxStep;
	}

	public void setMaxStep(Long maxStep) {
		this.maxStep = maxStep;
	}

	public Duration getSegmentDuration() {
		return this.segmentDuration;
	}

	public void setSegmentDuration(Duration segmentDuration) {
		this.segmentDuration = segmentDuration;
	}

	public Double getPrefetchAt() {
		return this.prefetchAt;
	}

	public void setPrefetchAt(Double prefetchAt) {
		this.prefetchAt = prefetchAt;
	}

	public Duration getFetchTimeout() {
		return this.fetchTimeout;
	}

	public void setFetchTimeout(Duration fetchTimeout) {
		this.fetchTimeout = fetchTimeout;
	}

}
