package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

import io.github.idgen.UnknownSequencePolicy;

/**
 * Configuration properties for idgen.
 */
@ConfigurationProperties("idgen")
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

	private final Segment segment = new Segment();

	private final Jdbc jdbc = new Jdbc();

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

	public Segment getSegment() {
		return this.segment;
	}

	public Jdbc getJdbc() {
		return this.jdbc;
	}

	public Map<String, SequenceProperties> getSequences() {
		return this.sequences;
	}

	public void setSequences(Map<String, SequenceProperties> sequences) {
		this.sequences = sequences;
	}

	/**
	 * The backends that can reserve IDs.
	 */
	public enum Backend {

		/**
		 * Segments reserved from a table of a JDBC DataSource.
		 */
		JDBC

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
		 * How long a caller waits for a segment when none is left before it gets a
		 * BackendUnavailableException.
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
	 * Settings of the JDBC backend.
	 */
	public static class Jdbc {

		/**
		 * Name of the table that holds one counter row per sequence, optionally qualified
		 * by a schema name.
		 */
		private String table = "idgen_segment";

		/**
		 * Bean name of the DataSource to use when the context has several and none is
		 * primary.
		 */
		private String dataSource;

		/**
		 * When to create the table if it does not exist: 'embedded' only for an embedded
		 * database, 'always', or 'never'.
		 */
		private DatabaseInitializationMode initializeSchema = DatabaseInitializationMode.EMBEDDED;

		public String getTable() {
			return this.table;
		}

		public void setTable(String table) {
			this.table = table;
		}

		public String getDataSource() {
			return this.dataSource;
		}

		public void setDataSource(String dataSource) {
			this.dataSource = dataSource;
		}

		public DatabaseInitializationMode getInitializeSchema() {
			return this.initializeSchema;
		}

		public void setInitializeSchema(DatabaseInitializationMode initializeSchema) {
			this.initializeSchema = initializeSchema;
		}

	}

	/**
	 * Settings of one sequence. Settings left unset take the value of idgen.segment.
	 */
	public static class SequenceProperties {

		/**
		 * Backend that reserves the IDs of this sequence. When not set, idgen.backend.
		 */
		private Backend backend;

		/**
		 * First ID of the sequence, used when its counter is created.
		 */
		private long start = 1;

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
		 * How long a caller waits for a segment when none is left.
		 */
		private Duration fetchTimeout;

		public Backend getBackend() {
			return this.backend;
		}

		public void setBackend(Backend backend) {
			this.backend = backend;
		}

		public long getStart() {
			return this.start;
		}

		public void setStart(long start) {
			this.start = start;
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

}
