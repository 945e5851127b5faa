package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.time.Period;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.UnknownSequencePolicy;

/**
 * Configuration properties of idgen that every backend shares: the backend choice, the
 * segment defaults and the sequences. Each backend binds its own group
 * ({@code idgen.<backend>}) in its package.
 * <p>
 * Unknown fields are ignored here only because those groups are not fields of this class:
 * {@link UnknownProperties} binds this class once more without them and fails on every
 * {@code idgen} property that nothing binds, such as a misspelled one.
 */
@ConfigurationProperties(prefix = "idgen")
public class IdGeneratorProperties {

	/**
	 * Whether to auto-configure the ID generator.
	 */
	private boolean enabled = true;

	/**
	 * Backend that reserves IDs. When not set, the single store the application context
	 * has is used.
	 */
	private Backend backend;

	/**
	 * Name of the sequence that nextId() without a name draws from.
	 */
	private String defaultSequence = "default";

	/**
	 * What to do with a sequence that is not configured under idgen.sequences: 'create'
	 * gives it its own counter with the default settings, 'share' serves it from the
	 * default sequence, 'reject' throws UnknownSequenceException.
	 */
	private UnknownSequencePolicy unknownSequences = UnknownSequencePolicy.CREATE;

	/**
	 * Largest number of sequences that are not configured under idgen.sequences and that
	 * 'create' creates on first use; further unknown names throw
	 * UnknownSequenceException, so that callers passing arbitrary names cannot create a
	 * counter and a buffer each without bound.
	 */
	private int maxUnknownSequences = DefaultIdGenerator.DEFAULT_MAX_UNKNOWN_SEQUENCES;

	/**
	 * Time zone of formatted IDs: their date fields and the start of each reset period.
	 * When not set, the system default zone.
	 */
	private ZoneId zone;

	/**
	 * Whether to check at startup that every backend in use answers, and fail to start if
	 * one does not.
	 */
	private boolean failFast;

	private final Segment segment = new Segment();

	private final Metrics metrics = new Metrics();

	private final Runway runway = new Runway();

	private final Entities entities = new Entities();

	private final Obfuscation obfuscation = new Obfuscation();

	/**
	 * Per-sequence settings, keyed by sequence name. Settings left unset take the value
	 * of idgen.segment.
	 */
	private Map<String, SequenceProperties> sequences = new LinkedHashMap<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Backend getBackend() {
		return this.backend;
	}

	public void setBackend(Backend backend) {
		this.backend = backend;
	}

	public String getDefaultSequence() {
		return this.defaultSequence;
	}

	public void setDefaultSequence(String defaultSequence) {
		this.defaultSequence = defaultSequence;
	}

	public UnknownSequencePolicy getUnknownSequences() {
		return this.unknownSequences;
	}

	public void setUnknownSequences(UnknownSequencePolicy unknownSequences) {
		this.unknownSequences = unknownSequences;
	}

	public int getMaxUnknownSequences() {
		return this.maxUnknownSequences;
	}

	public void setMaxUnknownSequences(int maxUnknownSequences) {
		this.maxUnknownSequences = maxUnknownSequences;
	}

	public ZoneId getZone() {
		return this.zone;
	}

	public void setZone(ZoneId zone) {
		this.zone = zone;
	}

	public boolean isFailFast() {
		return this.failFast;
	}

	public void setFailFast(boolean failFast) {
		this.failFast = failFast;
	}

	public Segment getSegment() {
		return this.segment;
	}

	public Runway getRunway() {
		return this.runway;
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public Entities getEntities() {
		return this.entities;
	}

	public Obfuscation getObfuscation() {
		return this.obfuscation;
	}

	public Map<String, SequenceProperties> getSequences() {
		return this.sequences;
	}

	public void setSequences(Map<String, SequenceProperties> sequences) {
		this.sequences = sequences;
	}

	/**
	 * Settings of the sequences whose formatted numbers are obfuscated.
	 */
	public static class Obfuscation {

		/**
		 * Secret key of the sequences with 'obfuscate' and no 'key' of their own: the
		 * Base64 of 16, 24 or 32 random bytes, such as the output of 'openssl rand
		 * -base64 32'. Each sequence permutes its numbers differently with it. The same
		 * on every instance; never logged or shown.
		 */
		private String key;

		public String getKey() {
			return this.key;
		}

		public void setKey(String key) {
			this.key = key;
		}

	}

	/**
	 * Settings of every segment-based backend.
	 */
	public static class Segment {

		/**
		 * Number of IDs in the first segment a sequence reserves.
		 */
		private long step = 1000;

		/**
		 * Smallest number of IDs the adaptive step reserves at once.
		 */
		private long minStep = 1000;

		/**
		 * Largest number of IDs the adaptive step reserves at once.
		 */
		private long maxStep = 1_000_000;

		/**
		 * How long one segment should last. The step doubles when a segment lasted less
		 * and halves when it lasted more than twice as long.
		 */
		private Duration segmentDuration = Duration.ofMinutes(15);

		/**
		 * Fraction of a segment, from 0 (inclusive) to 1 (exclusive), after whose use the
		 * next segment is fetched in the background.
		 */
		private double prefetchAt = 0.1;

		/**
		 * How long a call waits in all for segments when none is left (a batch too,
		 * however many it needs) before it gets a BackendUnavailableException; in Redis
		 * increment mode, how long a caller waits for a reservation that another caller
		 * runs. At most 106751d.
		 */
		private Duration fetchTimeout = Duration.ofSeconds(3);

		public long getStep() {
			return this.step;
		}

		public void setStep(long step) {
			this.step = step;
		}

		public long getMinStep() {
			return this.minStep;
		}

		public void setMinStep(long minStep) {
			this.minStep = minStep;
		}

		public long getMaxStep() {
			return this.maxStep;
		}

		public void setMaxStep(long maxStep) {
			this.maxStep = maxStep;
		}

		public Duration getSegmentDuration() {
			return this.segmentDuration;
		}

		public void setSegmentDuration(Duration segmentDuration) {
			this.segmentDuration = segmentDuration;
		}

		public double getPrefetchAt() {
			return this.prefetchAt;
		}

		public void setPrefetchAt(double prefetchAt) {
			this.prefetchAt = prefetchAt;
		}

		public Duration getFetchTimeout() {
			return this.fetchTimeout;
		}

		public void setFetchTimeout(Duration fetchTimeout) {
			this.fetchTimeout = fetchTimeout;
		}

	}

	/**
	 * Settings of the runway forecast: when each sequence reaches the largest value it
	 * can hold, shown by the actuator endpoint, the health and the metrics.
	 */
	public static class Runway {

		/**
		 * Runway below which a sequence is reported with a warning in the idgen health
		 * details, and the health takes 'warn-status' if that is set.
		 */
		private Duration warnBelow = Duration.ofDays(365);

		/**
		 * Health status while a sequence has less runway than 'warn-below', such as
		 * 'OUT_OF_SERVICE' or a custom status mapped in
		 * management.endpoint.health.status.order. Unset, a warning is a detail only.
		 */
		private String warnStatus;

		/**
		 * Health status while a sequence has reached a limit that stops it (a bounded
		 * sequence's max-value, a format's width in the current period, a time layout's
		 * end, 2^53 - 1 for a javascript-safe sequence).
		 */
		private String exhaustedStatus = "OUT_OF_SERVICE";

		/**
		 * Shortest time from today until a configured time-based layout (snowflake, Redis
		 * time mode) runs out; a layout or epoch that leaves less fails at startup.
		 */
		private Period minimum = Period.ofYears(10);

		public Duration getWarnBelow() {
			return this.warnBelow;
		}

		public void setWarnBelow(Duration warnBelow) {
			this.warnBelow = warnBelow;
		}

		public String getWarnStatus() {
			return this.warnStatus;
		}

		public void setWarnStatus(String warnStatus) {
			this.warnStatus = warnStatus;
		}

		public String getExhaustedStatus() {
			return this.exhaustedStatus;
		}

		public void setExhaustedStatus(String exhaustedStatus) {
			this.exhaustedStatus = exhaustedStatus;
		}

		public Period getMinimum() {
			return this.minimum;
		}

		public void setMinimum(Period minimum) {
			this.minimum = minimum;
		}

	}

	/**
	 * Settings of the idgen Micrometer metrics.
	 */
	public static class Metrics {

		/**
		 * Number of distinct sequence names that get meters of their own; further ones
		 * are reported under the sequence tag 'other'.
		 */
		private int maxSequences = 100;

		/**
		 * Whether obfuscated sequences get the meters that count (IDs issued, IDs left in
		 * the segment, successful fetches, runway), which tell what obfuscation hides to
		 * whoever reads the metrics. Off by default.
		 */
		private boolean obfuscatedCounts;

		public boolean isObfuscatedCounts() {
			return this.obfuscatedCounts;
		}

		public void setObfuscatedCounts(boolean obfuscatedCounts) {
			this.obfuscatedCounts = obfuscatedCounts;
		}

		public int getMaxSequences() {
			return this.maxSequences;
		}

		public void setMaxSequences(int maxSequences) {
			this.maxSequences = maxSequences;
		}

	}

	/**
	 * Settings of the identifiers of entities, aggregates and documents marked
	 * {@code @SequenceId}.
	 */
	public static class Entities {

		/**
		 * Whether identifiers marked @SequenceId are drawn from idgen at all; false
		 * switches off every integration below.
		 */
		private boolean enabled = true;

		/**
		 * Whether to check at startup that the sequence of each entity whose numeric ID
		 * is marked @SequenceId issues IDs above the largest its table already holds, and
		 * fail to start otherwise: a renamed table or a changed naming strategy gives the
		 * entity a new sequence, which would start at 1. Checked for JPA entities, Spring
		 * Data JDBC aggregates and MongoDB documents served by the JDBC or MongoDB
		 * backend.
		 */
		private boolean checkCounters = true;

		private final Integration jpa = new Integration();

		private final Integration jdbc = new Integration();

		private final Integration mongo = new Integration();

		private final Integration mybatis = new Integration();

		private final Integration r2dbc = new Integration();

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public boolean isCheckCounters() {
			return this.checkCounters;
		}

		public void setCheckCounters(boolean checkCounters) {
			this.checkCounters = checkCounters;
		}

		/**
		 * Return the settings of JPA entities (Hibernate).
		 * @return the settings
		 */
		public Integration getJpa() {
			return this.jpa;
		}

		/**
		 * Return the settings of Spring Data JDBC aggregates.
		 * @return the settings
		 */
		public Integration getJdbc() {
			return this.jdbc;
		}

		/**
		 * Return the settings of Spring Data MongoDB documents, saved through
		 * {@code MongoTemplate} or {@code ReactiveMongoTemplate}.
		 * @return the settings
		 */
		public Integration getMongo() {
			return this.mongo;
		}

		/**
		 * Return the settings of MyBatis entities.
		 * @return the settings
		 */
		public Integration getMybatis() {
			return this.mybatis;
		}

		/**
		 * Return the settings of Spring Data R2DBC entities.
		 * @return the settings
		 */
		public Integration getR2dbc() {
			return this.r2dbc;
		}

		/**
		 * Return whether an integration draws identifiers: it and all of them are
		 * switched on.
		 * @param integration one of this object's integrations
		 * @return whether it is on
		 */
		public boolean isOn(Integration integration) {
			return this.enabled && integration.isEnabled();
		}

		/**
		 * Settings of one persistence library's integration, switched on by itself when
		 * the library is on the classpath.
		 */
		public static class Integration {

			/**
			 * Whether the integration draws identifiers marked @SequenceId. Off, a JPA
			 * entity marked @SequenceId fails at startup; Spring Data and MyBatis leave
			 * the identifier to the application.
			 */
			private boolean enabled = true;

			public boolean isEnabled() {
				return this.enabled;
			}

			public void setEnabled(boolean enabled) {
				this.enabled = enabled;
			}

		}

	}

}
