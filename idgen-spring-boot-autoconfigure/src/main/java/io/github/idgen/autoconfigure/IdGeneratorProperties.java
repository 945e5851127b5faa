package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.format.ResetPeriod;

/**
 * Configuration properties for idgen.
 */
@ConfigurationProperties(prefix = "idgen", ignoreUnknownFields = false)
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

	private final Jdbc jdbc = new Jdbc();

	private final Redis redis = new Redis();

	private final Mongo mongo = new Mongo();

	private final Snowflake snowflake = new Snowflake();

	private final Endpoint endpoint = new Endpoint();

	private final Metrics metrics = new Metrics();

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

	public Jdbc getJdbc() {
		return this.jdbc;
	}

	public Redis getRedis() {
		return this.redis;
	}

	public Mongo getMongo() {
		return this.mongo;
	}

	public Snowflake getSnowflake() {
		return this.snowflake;
	}

	public Endpoint getEndpoint() {
		return this.endpoint;
	}

	public Metrics getMetrics() {
		return this.metrics;
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
		JDBC,

		/**
		 * Counters in Redis, through the application's RedisConnectionFactory.
		 */
		REDIS,

		/**
		 * Counter documents in MongoDB, through the application's MongoTemplate.
		 */
		MONGO,

		/**
		 * Time, worker and sequence bits composed in memory; no store. Only chosen
		 * explicitly.
		 */
		SNOWFLAKE

	}

	/**
	 * How the Redis backend serves a sequence.
	 */
	public enum RedisMode {

		/**
		 * Segments reserved with INCRBY and served from memory.
		 */
		SEGMENT,

		/**
		 * One INCR per ID: strictly sequential across all instances, one round trip per ID.
		 */
		INCREMENT,

		/**
		 * IDs composed from Redis TIME, a shard and a per-millisecond counter.
		 */
		TIME

	}

	/**
	 * Where the Redis backend keeps the durable floor of its counters.
	 */
	public enum RedisFloorSource {

		/**
		 * No durable floor: only the local high-water mark and the guard key protect against a lost counter.
		 */
		NONE,

		/**
		 * The idgen JDBC table: raised before every segment is handed out, used to re-seed a lost counter.
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
		private SchemaInitialization initializeSchema = SchemaInitialization.EMBEDDED;

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

		public SchemaInitialization getInitializeSchema() {
			return this.initializeSchema;
		}

		public void setInitializeSchema(SchemaInitialization initializeSchema) {
			this.initializeSchema = initializeSchema;
		}

	}

	/**
	 * When the JDBC backend creates its tables. idgen's own type rather than Spring Boot's
	 * DatabaseInitializationMode, which only applications with JDBC have: these properties
	 * are bound whatever the classpath.
	 */
	public enum SchemaInitialization {

		/**
		 * Only for an embedded database.
		 */
		EMBEDDED,

		/**
		 * Always.
		 */
		ALWAYS,

		/**
		 * Never.
		 */
		NEVER

	}

	/**
	 * Bit layouts the snowflake backend offers ready-made.
	 */
	public enum SnowflakePreset {

		/**
		 * 41 timestamp, 10 worker and 12 sequence bits.
		 */
		STANDARD,

		/**
		 * 41 timestamp, 5 datacenter, 5 worker and 12 sequence bits.
		 */
		DATACENTER_AND_WORKER,

		/**
		 * IDs below 2^53, exact as JavaScript numbers: 41 timestamp, 5 worker and 7
		 * sequence bits.
		 */
		JAVASCRIPT_SAFE

	}

	/**
	 * Where the snowflake backend takes its worker id from.
	 */
	public enum WorkerIdSourceType {

		/**
		 * idgen.snowflake.worker-id when it is set, else a lease from the single store
		 * the application context has.
		 */
		AUTO,

		/**
		 * idgen.snowflake.worker-id.
		 */
		STATIC,

		/**
		 * The StatefulSet ordinal at the end of the HOSTNAME environment variable
		 * ('orders-3' is worker 3).
		 */
		KUBERNETES,

		/**
		 * A lease in the idgen_worker table of the application's DataSource.
		 */
		JDBC,

		/**
		 * A lease in the application's Redis.
		 */
		REDIS,

		/**
		 * A lease in the idgen_workers collection of the application's MongoDB.
		 */
		MONGO

	}

	/**
	 * Settings of the snowflake backend.
	 */
	public static class Snowflake {

		/**
		 * Ready-made bit layout. When set, it replaces the bit counts below.
		 */
		private SnowflakePreset preset;

		/**
		 * Instant from which the timestamp field counts milliseconds. Must not be in the
		 * future.
		 */
		private Instant epoch = Instant.parse("2025-01-01T00:00:00Z");

		/**
		 * Bits of the millisecond timestamp.
		 */
		private int timestampBits = 41;

		/**
		 * Bits of the datacenter id.
		 */
		private int datacenterBits;

		/**
		 * Bits of the worker id.
		 */
		private int workerBits = 10;

		/**
		 * Bits of the per-millisecond sequence.
		 */
		private int sequenceBits = 12;

		/**
		 * Worker id of this instance, from 0 to 2^worker-bits - 1, when the source is
		 * 'static'. Every instance must have its own.
		 */
		private int workerId = -1;

		/**
		 * Datacenter id of this instance, when the layout has datacenter bits.
		 */
		private int datacenterId;

		/**
		 * Where the worker id comes from: 'auto' (worker-id if set, else a lease from the
		 * store the application has), 'static' (worker-id), 'kubernetes' (the StatefulSet
		 * ordinal of HOSTNAME), or a lease from 'jdbc', 'redis' or 'mongo'.
		 */
		private WorkerIdSourceType workerIdSource = WorkerIdSourceType.AUTO;

		/**
		 * How long a leased worker id lives without renewal. The lease is renewed every
		 * third of it, and IDs stop a fifth of it before it could pass to another
		 * instance.
		 */
		private Duration leaseTtl = Duration.ofSeconds(60);

		/**
		 * Largest backward clock jump that is waited out; a larger one throws
		 * ClockMovedBackwardsException.
		 */
		private Duration maxBackwardWait = Duration.ofMillis(5);

		/**
		 * File in which a static or StatefulSet worker id keeps a timestamp that none of
		 * its IDs is after, so that a restart with the clock behind repeats no ID. Every
		 * instance needs its own, in an existing directory on a local disk that survives
		 * restarts. Not allowed with a leased worker id, whose lease keeps that timestamp.
		 */
		private String stateFile;

		public SnowflakePreset getPreset() {
			return this.preset;
		}

		public void setPreset(SnowflakePreset preset) {
			this.preset = preset;
		}

		public Instant getEpoch() {
			return this.epoch;
		}

		public void setEpoch(Instant epoch) {
			this.epoch = epoch;
		}

		public int getTimestampBits() {
			return this.timestampBits;
		}

		public void setTimestampBits(int timestampBits) {
			this.timestampBits = timestampBits;
		}

		public int getDatacenterBits() {
			return this.datacenterBits;
		}

		public void setDatacenterBits(int datacenterBits) {
			this.datacenterBits = datacenterBits;
		}

		public int getWorkerBits() {
			return this.workerBits;
		}

		public void setWorkerBits(int workerBits) {
			this.workerBits = workerBits;
		}

		public int getSequenceBits() {
			return this.sequenceBits;
		}

		public void setSequenceBits(int sequenceBits) {
			this.sequenceBits = sequenceBits;
		}

		public int getWorkerId() {
			return this.workerId;
		}

		public void setWorkerId(int workerId) {
			this.workerId = workerId;
		}

		public int getDatacenterId() {
			return this.datacenterId;
		}

		public void setDatacenterId(int datacenterId) {
			this.datacenterId = datacenterId;
		}

		public WorkerIdSourceType getWorkerIdSource() {
			return this.workerIdSource;
		}

		public void setWorkerIdSource(WorkerIdSourceType workerIdSource) {
			this.workerIdSource = workerIdSource;
		}

		public Duration getLeaseTtl() {
			return this.leaseTtl;
		}

		public void setLeaseTtl(Duration leaseTtl) {
			this.leaseTtl = leaseTtl;
		}

		public Duration getMaxBackwardWait() {
			return this.maxBackwardWait;
		}

		public void setMaxBackwardWait(Duration maxBackwardWait) {
			this.maxBackwardWait = maxBackwardWait;
		}

		public String getStateFile() {
			return this.stateFile;
		}

		public void setStateFile(String stateFile) {
			this.stateFile = stateFile;
		}

	}

	/**
	 * Settings of the idgen actuator endpoint.
	 */
	public static class Endpoint {

		/**
		 * Whether the idgen endpoint offers its write operation, which warms up a sequence.
		 */
		private boolean writeEnabled;

		public boolean isWriteEnabled() {
			return this.writeEnabled;
		}

		public void setWriteEnabled(boolean writeEnabled) {
			this.writeEnabled = writeEnabled;
		}

	}

	/**
	 * Settings of the idgen Micrometer metrics.
	 */
	public static class Metrics {

		/**
		 * Number of distinct sequence names that get meters of their own; further ones are
		 * reported under the sequence tag 'other'.
		 */
		private int maxSequences = 100;

		public int getMaxSequences() {
			return this.maxSequences;
		}

		public void setMaxSequences(int maxSequences) {
			this.maxSequences = maxSequences;
		}

	}

	/**
	 * Settings of the MongoDB backend.
	 */
	public static class Mongo {

		/**
		 * Collection that holds one counter document per sequence.
		 */
		private String collection = "idgen_counters";

		/**
		 * Write concern of every allocation, such as 'majority', 'w1' or 'journaled'.
		 * With 'w1' a primary failover can roll back an allocation whose IDs were already
		 * handed out, and they would be handed out again: keep 'majority' on a replica
		 * set.
		 */
		private String writeConcern = "majority";

		public String getCollection() {
			return this.collection;
		}

		public void setCollection(String collection) {
			this.collection = collection;
		}

		public String getWriteConcern() {
			return this.writeConcern;
		}

		public void setWriteConcern(String writeConcern) {
			this.writeConcern = writeConcern;
		}

	}

	/**
	 * Settings of the Redis backend.
	 */
	public static class Redis {

		/**
		 * Prefix of every key. A sequence's keys are '<prefix>{<sequence>}' and derived
		 * keys with the same hash tag, so that they live in one Redis Cluster slot.
		 */
		private String keyPrefix = "idgen:";

		/**
		 * How sequences are served: 'segment' reserves blocks with INCRBY and serves them
		 * from memory, 'increment' runs one INCR per ID, 'time' composes IDs from Redis
		 * TIME, a shard and a per-millisecond counter.
		 */
		private RedisMode mode = RedisMode.SEGMENT;

		/**
		 * Where to keep a durable floor of every counter, so that a counter lost with a
		 * Redis restart is re-seeded above every ID handed out: 'none' or 'jdbc' (the
		 * idgen JDBC table).
		 */
		private RedisFloorSource floorSource = RedisFloorSource.NONE;

		/**
		 * How many IDs a counter without a floor is moved past the highest value known when
		 * it cannot be trusted (its Redis server process changed since its last
		 * reservation, after a restart or a failover to a replica, or it went missing or
		 * back), and how many more for every minute since that reservation. It must exceed
		 * the IDs a sequence reserves per minute. 0 refuses such a counter instead
		 * (CounterLostException, health DOWN) until an operator restores it.
		 */
		private long failoverJump = 1_000_000_000L;

		private final Time time = new Time();

		public String getKeyPrefix() {
			return this.keyPrefix;
		}

		public void setKeyPrefix(String keyPrefix) {
			this.keyPrefix = keyPrefix;
		}

		public RedisMode getMode() {
			return this.mode;
		}

		public void setMode(RedisMode mode) {
			this.mode = mode;
		}

		public RedisFloorSource getFloorSource() {
			return this.floorSource;
		}

		public void setFloorSource(RedisFloorSource floorSource) {
			this.floorSource = floorSource;
		}

		public long getFailoverJump() {
			return this.failoverJump;
		}

		public void setFailoverJump(long failoverJump) {
			this.failoverJump = failoverJump;
		}

		public Time getTime() {
			return this.time;
		}

		/**
		 * Settings of the Redis 'time' mode.
		 */
		public static class Time {

			/**
			 * Instant from which the timestamp field counts milliseconds.
			 */
			private Instant epoch = Instant.parse("2025-01-01T00:00:00Z");

			/**
			 * Bits of the millisecond timestamp.
			 */
			private int timestampBits = 41;

			/**
			 * Bits of the shard id.
			 */
			private int shardBits = 12;

			/**
			 * Bits of the per-millisecond sequence.
			 */
			private int sequenceBits = 10;

			/**
			 * Shard id written into every ID of this application.
			 */
			private int shard;

			/**
			 * Redis servers that serve time-mode sequences, as redis:// URLs; node i of n
			 * hands out sequence values congruent to i modulo n. When empty, the
			 * application's Redis serves them alone.
			 */
			private List<String> nodes = new ArrayList<>();

			public Instant getEpoch() {
				return this.epoch;
			}

			public void setEpoch(Instant epoch) {
				this.epoch = epoch;
			}

			public int getTimestampBits() {
				return this.timestampBits;
			}

			public void setTimestampBits(int timestampBits) {
				this.timestampBits = timestampBits;
			}

			public int getShardBits() {
				return this.shardBits;
			}

			public void setShardBits(int shardBits) {
				this.shardBits = shardBits;
			}

			public int getSequenceBits() {
				return this.sequenceBits;
			}

			public void setSequenceBits(int sequenceBits) {
				this.sequenceBits = sequenceBits;
			}

			public int getShard() {
				return this.shard;
			}

			public void setShard(int shard) {
				this.shard = shard;
			}

			public List<String> getNodes() {
				return this.nodes;
			}

			public void setNodes(List<String> nodes) {
				this.nodes = nodes;
			}

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
		 * How the Redis backend serves this sequence. When not set, idgen.redis.mode.
		 */
		private RedisMode mode;

		/**
		 * First ID of the sequence, used when its counter is created.
		 */
		private long start = 1;

		/**
		 * Last ID of the sequence. When not set, the sequence is bounded only by the
		 * 64-bit range.
		 */
		private Long maxValue;

		/**
		 * Whether the sequence starts again at 'start' once it has handed out
		 * 'max-value'. IDs then repeat across cycles, never within one.
		 */
		private boolean cycle;

		/**
		 * Format of the IDs that nextFormattedId returns, such as
		 * 'ORD{yyyyMMdd}{seq:6}': literal text, date/time fields in braces and the
		 * sequence value, zero-padded to a width ('{seq:6}') or not ('{seq}'). A value
		 * wider than its width is an error.
		 */
		private String format;

		/**
		 * How often the counter of a formatted sequence restarts: 'daily', 'monthly',
		 * 'yearly' or 'never'. Each period has a counter of its own, decided by the clock
		 * at the time of each call, in idgen.zone.
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
		 * How long a caller waits for a segment when none is left.
		 */
		private Duration fetchTimeout;

		public Backend getBackend() {
			return this.backend;
		}

		public void setBackend(Backend backend) {
			this.backend = backend;
		}

		public RedisMode getMode() {
			return this.mode;
		}

		public void setMode(RedisMode mode) {
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

		public String getFormat() {
			return this.format;
		}

		public void setFormat(String format) {
			this.format = format;
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

}
