package io.github.idgen.autoconfigure.redis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

import io.github.idgen.SequenceMode;
import io.github.idgen.autoconfigure.ConditionalOnCounterFloor;

/**
 * Settings of the Redis backend.
 */
@ConfigurationProperties(prefix = "idgen.redis", ignoreUnknownFields = false)
public class RedisProperties {

	/**
	 * Prefix of every key. A sequence's keys are '<prefix>{<sequence>}' and derived keys
	 * with the same hash tag, so that they live in one Redis Cluster slot.
	 */
	private String keyPrefix = "idgen:";

	/**
	 * How sequences are served: 'segment' reserves blocks with INCRBY and serves them
	 * from memory, 'increment' runs one INCR per ID, 'time' composes IDs from Redis TIME,
	 * a shard and a per-millisecond counter.
	 */
	private SequenceMode mode = SequenceMode.SEGMENT;

	/**
	 * Where to keep a durable floor of every counter, so that a counter lost with a Redis
	 * restart is re-seeded above every ID handed out: 'none', or the backend whose store
	 * keeps the floor (see the values the configuration metadata lists).
	 */
	private String floorSource = "none";

	/**
	 * How many IDs a counter without a floor is moved past the highest value known when
	 * it cannot be trusted (its Redis server process changed since its last reservation,
	 * after a restart or a failover to a replica, or it went missing or back), and how
	 * many more for every minute since that reservation. It must exceed the IDs a
	 * sequence reserves per minute. 0 refuses such a counter instead
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

	public SequenceMode getMode() {
		return this.mode;
	}

	public void setMode(SequenceMode mode) {
		this.mode = mode;
	}

	public String getFloorSource() {
		return this.floorSource;
	}

	/**
	 * Set where to keep a durable floor of every counter.
	 * @param floorSource {@code none} or the name of a backend whose store keeps counter
	 * floors, in any case and with surrounding blanks
	 * @throws IllegalArgumentException naming the sources if it is none of them, so that
	 * binding fails whether or not the Redis backend is in use
	 */
	public void setFloorSource(String floorSource) {
		this.floorSource = RedisFloor.validSource(floorSource);
	}

	/**
	 * Return whether a durable floor is kept.
	 * @return whether {@link #getFloorSource()} names a store
	 */
	boolean hasFloor() {
		return !ConditionalOnCounterFloor.NONE.equals(this.floorSource);
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
