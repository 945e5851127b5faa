package io.github.idgen.redis.time;

import java.time.Instant;

import io.github.idgen.BitFields;

/**
 * How the IDs of a {@link RedisTimeSequence} are made of three fields, from the most
 * significant bit to the least:
 *
 * <pre class="code">
 * | sign: 1 bit, always 0 | timestamp | shard | sequence |</pre>
 *
 * The timestamp counts the milliseconds since the {@link #epoch() epoch} by the clock of
 * the Redis node that reserved the ID, the shard is the configured shard ID, and the
 * sequence tells the IDs of one millisecond and shard apart. The {@link #DEFAULT default
 * layout} has 41 timestamp bits, 12 shard bits and 10 sequence bits, so an ID is
 * {@code timestamp << 22 | shard << 10 | sequence}; counted from its epoch,
 * 2025-01-01T00:00:00Z, its timestamps last until 2094-09-07T15:47:35.551Z (about 69.7
 * years), see {@link #lastTime()}.
 * <p>
 * A layout is checked when it is created: the three fields and the sign bit fill exactly
 * 64 bits, each field has at least one bit, the shard has at most
 * {@value #MAX_SHARD_BITS} bits (a shard is an {@code int}), the sequence has at most
 * {@value #MAX_SEQUENCE_BITS} bits (the Redis script counts sequence values in Lua
 * numbers, which are doubles and exact only up to 2<sup>53</sup>), and the epoch is a
 * whole millisecond that is not in the future.
 * <p>
 * Every instance of a sequence must use the same layout; the Redis nodes refuse a client
 * whose layout differs from the one they have seen.
 *
 * @param timestampBits the number of bits of the timestamp
 * @param shardBits the number of bits of the shard
 * @param sequenceBits the number of bits of the sequence
 * @param epoch the instant whose millisecond has timestamp 0
 */
public record RedisTimeLayout(int timestampBits, int shardBits, int sequenceBits, Instant epoch) {

	/**
	 * The default epoch, 2025-01-01T00:00:00Z.
	 */
	public static final Instant DEFAULT_EPOCH = Instant.parse("2025-01-01T00:00:00Z");

	/**
	 * The default layout: 41 timestamp bits, 12 shard bits, 10 sequence bits, counted
	 * from {@link #DEFAULT_EPOCH}.
	 */
	public static final RedisTimeLayout DEFAULT = new RedisTimeLayout(41, 12, 10, DEFAULT_EPOCH);

	/**
	 * The largest number of shard bits: a shard is an {@code int}.
	 */
	public static final int MAX_SHARD_BITS = 31;

	/**
	 * The largest number of sequence bits: the Redis script counts sequence values in Lua
	 * numbers, which are doubles, exact up to 2<sup>53</sup>.
	 */
	public static final int MAX_SEQUENCE_BITS = 53;

	private static final int FIELD_BITS = Long.SIZE - 1;

	/**
	 * Create a layout, checking every value.
	 * @param timestampBits the number of bits of the timestamp
	 * @param shardBits the number of bits of the shard
	 * @param sequenceBits the number of bits of the sequence
	 * @param epoch the instant whose millisecond has timestamp 0
	 * @throws IllegalArgumentException if a value is not valid, naming it and the reason
	 */
	public RedisTimeLayout {
		BitFields.requireAtLeast("timestampBits", timestampBits, 1);
		BitFields.requireAtLeast("shardBits", shardBits, 1);
		BitFields.requireAtLeast("sequenceBits", sequenceBits, 1);
		long fieldBits = (long) timestampBits + shardBits + sequenceBits;
		if (fieldBits != FIELD_BITS) {
			throw new IllegalArgumentException("timestampBits (" + timestampBits + ") + shardBits (" + shardBits
					+ ") + sequenceBits (" + sequenceBits + ") must be " + FIELD_BITS
					+ " (64 bits minus the sign bit) but is " + fieldBits);
		}
		if (shardBits > MAX_SHARD_BITS) {
			throw new IllegalArgumentException("shardBits must be at most " + MAX_SHARD_BITS
					+ " so that a shard fits an int but was " + shardBits);
		}
		if (sequenceBits > MAX_SEQUENCE_BITS) {
			throw new IllegalArgumentException("sequenceBits must be at most " + MAX_SEQUENCE_BITS
					+ " so that the Redis script counts sequence values exactly (Lua numbers are doubles) but was "
					+ sequenceBits);
		}
		BitFields.requireEpoch(epoch);
	}

	/**
	 * Return the largest timestamp, in milliseconds since the epoch.
	 * @return {@code 2^timestampBits - 1}
	 */
	public long maxTimestamp() {
		return BitFields.max(this.timestampBits);
	}

	/**
	 * Return the largest shard.
	 * @return {@code 2^shardBits - 1}
	 */
	public int maxShard() {
		return BitFields.maxInt(this.shardBits);
	}

	/**
	 * Return the largest sequence value.
	 * @return {@code 2^sequenceBits - 1}
	 */
	public long maxSequence() {
		return BitFields.max(this.sequenceBits);
	}

	/**
	 * Return the last millisecond that an ID of this layout can hold. IDs cannot be
	 * reserved after it.
	 * @return the epoch plus {@link #maxTimestamp()} milliseconds
	 */
	public Instant lastTime() {
		return BitFields.lastTime(this.epoch, this.timestampBits);
	}

	/**
	 * Compose an ID of its fields.
	 * @param timestamp the milliseconds since the epoch, in {@code [0, maxTimestamp()]}
	 * @param shard the shard, in {@code [0, maxShard()]}
	 * @param sequence the sequence value, in {@code [0, maxSequence()]}
	 * @return the ID, never negative
	 * @throws IllegalArgumentException if a field is out of its range
	 */
	public long compose(long timestamp, int shard, long sequence) {
		BitFields.requireInRange("timestamp", timestamp, maxTimestamp());
		BitFields.requireInRange("shard", shard, maxShard());
		BitFields.requireInRange("sequence", sequence, maxSequence());
		return (timestamp << (this.shardBits + this.sequenceBits)) | ((long) shard << this.sequenceBits) | sequence;
	}

	/**
	 * Split an ID of this layout into its fields.
	 * @param id the ID, not negative
	 * @return the time, shard and sequence value of the ID
	 * @throws IllegalArgumentException if the ID is negative
	 */
	public RedisTimeId decode(long id) {
		if (id < 0) {
			throw new IllegalArgumentException("id must not be negative (its sign bit is always 0) but was " + id);
		}
		long timestamp = id >>> (this.shardBits + this.sequenceBits);
		int shard = (int) BitFields.field(id, this.sequenceBits, this.shardBits);
		long sequence = BitFields.field(id, 0, this.sequenceBits);
		return new RedisTimeId(this.epoch.plusMillis(timestamp), shard, sequence);
	}

}
