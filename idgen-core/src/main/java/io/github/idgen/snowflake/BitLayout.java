package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;

import io.github.idgen.BitFields;
import io.github.idgen.worker.WorkerId;
import io.github.idgen.worker.WorkerIdSpace;

/**
 * How a Snowflake ID is made of its fields, from the most significant bit to the least:
 *
 * <pre class="code">
 * | sign: 1 bit, 0 | reserved: 0 | timestamp | datacenter | worker | sequence |</pre>
 *
 * The timestamp counts the milliseconds since the {@link #epoch() epoch}, the datacenter
 * and worker are the {@link WorkerId} of the generator and the sequence tells the IDs of
 * one millisecond and worker apart. The reserved bits are always 0: they keep IDs below
 * {@code 2^(63 - reservedBits)}, which the {@link #javascriptSafe() JavaScript-safe}
 * layout needs. A layout without datacenter bits has datacenter 0 only.
 * <p>
 * The presets, all counted from {@link #DEFAULT_EPOCH}:
 * <ul>
 * <li>{@link #standard()}: 41 timestamp, 10 worker, 12 sequence bits (1024 workers, 4096
 * IDs per millisecond and worker);</li>
 * <li>{@link #datacenterAndWorker()}: 41 timestamp, 5 datacenter, 5 worker, 12 sequence
 * bits (32 datacenters of 32 workers);</li>
 * <li>{@link #javascriptSafe()}: 10 reserved, 41 timestamp, 5 worker, 7 sequence bits (32
 * workers, 128 IDs per millisecond and worker).</li>
 * </ul>
 * With 41 timestamp bits, IDs last about 69.7 years from the epoch: until
 * 2094-09-07T15:47:35.551Z from the default epoch, see {@link #lastTime()}.
 * <p>
 * A layout is checked when it is created: the sign bit, the reserved bits and the fields
 * fill exactly 64 bits; the timestamp, worker and sequence have at least one bit, the
 * reserved and datacenter bits are not negative; the datacenter and worker have at most
 * {@value #MAX_ID_BITS} bits (they are {@code int}s); the epoch is a whole millisecond
 * that is not in the future.
 *
 * @param epoch the instant whose millisecond has timestamp 0
 * @param reservedBits the number of high bits, after the sign bit, that are always 0
 * @param timestampBits the number of bits of the timestamp
 * @param datacenterBits the number of bits of the datacenter ID, may be 0
 * @param workerBits the number of bits of the worker ID
 * @param sequenceBits the number of bits of the sequence
 */
public record BitLayout(Instant epoch, int reservedBits, int timestampBits, int datacenterBits, int workerBits,
		int sequenceBits) implements WorkerIdSpace {

	/**
	 * The default epoch, 2025-01-01T00:00:00Z.
	 */
	public static final Instant DEFAULT_EPOCH = Instant.parse("2025-01-01T00:00:00Z");

	/**
	 * The largest number of datacenter or worker bits: the IDs are {@code int}s.
	 */
	public static final int MAX_ID_BITS = 31;

	/**
	 * The bound that every ID of the {@link #javascriptSafe() JavaScript-safe} layout
	 * stays below: {@code 2^53}, so that {@code Number.isSafeInteger} holds for each.
	 */
	public static final long JAVASCRIPT_SAFE_LIMIT = 1L << 53;

	/**
	 * Create a layout, checking every value.
	 * @param epoch the instant whose millisecond has timestamp 0
	 * @param reservedBits the number of high bits, after the sign bit, that are always 0
	 * @param timestampBits the number of bits of the timestamp
	 * @param datacenterBits the number of bits of the datacenter ID, may be 0
	 * @param workerBits the number of bits of the worker ID
	 * @param sequenceBits the number of bits of the sequence
	 * @throws IllegalArgumentException if a value is not valid, naming it and the reason
	 */
	public BitLayout {
		BitFields.requireAtLeast("reservedBits", reservedBits, 0);
		BitFields.requireAtLeast("timestampBits", timestampBits, 1);
		BitFields.requireAtLeast("datacenterBits", datacenterBits, 0);
		BitFields.requireAtLeast("workerBits", workerBits, 1);
		BitFields.requireAtLeast("sequenceBits", sequenceBits, 1);
		long bits = 1L + reservedBits + timestampBits + datacenterBits + workerBits + sequenceBits;
		if (bits != Long.SIZE) {
			throw new IllegalArgumentException("1 sign bit + reservedBits (" + reservedBits + ") + timestampBits ("
					+ timestampBits + ") + datacenterBits (" + datacenterBits + ") + workerBits (" + workerBits
					+ ") + sequenceBits (" + sequenceBits + ") must be 64 but is " + bits);
		}
		requireAtMostIdBits("datacenterBits", datacenterBits);
		requireAtMostIdBits("workerBits", workerBits);
		BitFields.requireEpoch(epoch);
	}

	/**
	 * Create a layout without reserved bits, checking every value.
	 * @param epoch the instant whose millisecond has timestamp 0
	 * @param timestampBits the number of bits of the timestamp
	 * @param datacenterBits the number of bits of the datacenter ID, may be 0
	 * @param workerBits the number of bits of the worker ID
	 * @param sequenceBits the number of bits of the sequence
	 * @throws IllegalArgumentException if a value is not valid, naming it and the reason
	 */
	public BitLayout(Instant epoch, int timestampBits, int datacenterBits, int workerBits, int sequenceBits) {
		this(epoch, 0, timestampBits, datacenterBits, workerBits, sequenceBits);
	}

	private static void requireAtMostIdBits(String field, int bits) {
		if (bits > MAX_ID_BITS) {
			throw new IllegalArgumentException(
					field + " must be at most " + MAX_ID_BITS + " so that the ID fits an int but was " + bits);
		}
	}

	/**
	 * Return the classic layout: 41 timestamp, no datacenter, 10 worker and 12 sequence
	 * bits, counted from {@link #DEFAULT_EPOCH}.
	 * @return the standard layout
	 */
	public static BitLayout standard() {
		return new BitLayout(DEFAULT_EPOCH, 41, 0, 10, 12);
	}

	/**
	 * Return the layout with a datacenter: 41 timestamp, 5 datacenter, 5 worker and 12
	 * sequence bits, counted from {@link #DEFAULT_EPOCH}.
	 * @return the datacenter-and-worker layout
	 */
	public static BitLayout datacenterAndWorker() {
		return new BitLayout(DEFAULT_EPOCH, 41, 5, 5, 12);
	}

	/**
	 * Return the layout whose IDs stay below {@code 2^53}, so that JavaScript numbers
	 * hold them exactly: the sign bit and 10 reserved bits (bits 63 to 53) are 0, then 41
	 * timestamp bits (bits 52 to 12, the same 69.7 years as the standard layout), no
	 * datacenter, 5 worker bits (bits 11 to 7, 32 workers) and 7 sequence bits (bits 6 to
	 * 0, 128 IDs per millisecond and worker, 128,000 per second). The largest ID is
	 * {@code 2^53 - 1}, {@code Number.MAX_SAFE_INTEGER}. Counted from
	 * {@link #DEFAULT_EPOCH}.
	 * @return the JavaScript-safe layout
	 */
	public static BitLayout javascriptSafe() {
		return new BitLayout(DEFAULT_EPOCH, 10, 41, 0, 5, 7);
	}

	/**
	 * Return this layout with another epoch.
	 * @param epoch the instant whose millisecond has timestamp 0
	 * @return the layout with the same bits and the given epoch
	 * @throws IllegalArgumentException if the epoch is not valid
	 */
	public BitLayout withEpoch(Instant epoch) {
		return new BitLayout(epoch, this.reservedBits, this.timestampBits, this.datacenterBits, this.workerBits,
				this.sequenceBits);
	}

	/**
	 * Return the largest timestamp, in milliseconds since the epoch.
	 * @return {@code 2^timestampBits - 1}
	 */
	public long maxTimestamp() {
		return BitFields.max(this.timestampBits);
	}

	/**
	 * Return the largest sequence value.
	 * @return {@code 2^sequenceBits - 1}
	 */
	public long maxSequence() {
		return BitFields.max(this.sequenceBits);
	}

	/**
	 * Return the last millisecond that an ID of this layout can hold. No ID can be
	 * generated after it.
	 * @return the epoch plus {@link #maxTimestamp()} milliseconds
	 */
	public Instant lastTime() {
		return BitFields.lastTime(this.epoch, this.timestampBits);
	}

	/**
	 * Return how long IDs can still be generated from {@code now} on, until the timestamp
	 * bits run out.
	 * @param now the current time
	 * @return the time from {@code now} to the end of {@link #lastTime()}, zero once it
	 * has passed
	 */
	public Duration remainingLifetime(Instant now) {
		Duration remaining = Duration.between(now, lastTime().plusMillis(1));
		return remaining.isNegative() ? Duration.ZERO : remaining;
	}

	/**
	 * Compose an ID of its fields.
	 * @param timestamp the milliseconds since the epoch, in {@code [0, maxTimestamp()]}
	 * @param datacenter the datacenter ID, in {@code [0, maxDatacenterId()]}
	 * @param worker the worker ID, in {@code [0, maxWorkerId()]}
	 * @param sequence the sequence value, in {@code [0, maxSequence()]}
	 * @return the ID, never negative
	 * @throws IllegalArgumentException if a field is out of its range
	 */
	public long compose(long timestamp, int datacenter, int worker, long sequence) {
		BitFields.requireInRange("timestamp", timestamp, maxTimestamp());
		BitFields.requireInRange("datacenter", datacenter, maxDatacenterId());
		BitFields.requireInRange("worker", worker, maxWorkerId());
		BitFields.requireInRange("sequence", sequence, maxSequence());
		return (timestamp << timestampShift()) | nodeBits(datacenter, worker) | sequence;
	}

	/**
	 * Split an ID of this layout into its fields.
	 * @param id the ID
	 * @return the time, datacenter, worker and sequence value of the ID
	 * @throws IllegalArgumentException if the ID is negative or has a reserved bit set
	 */
	public SnowflakeId decode(long id) {
		if (id < 0 || (id >>> (timestampShift() + this.timestampBits)) != 0) {
			throw new IllegalArgumentException("id must lie within [0, 2^" + (timestampShift() + this.timestampBits)
					+ ") (its sign bit and " + this.reservedBits + " reserved bits are 0) but was " + id);
		}
		long timestamp = id >>> timestampShift();
		int datacenter = (int) BitFields.field(id, this.workerBits + this.sequenceBits, this.datacenterBits);
		int worker = (int) BitFields.field(id, this.sequenceBits, this.workerBits);
		long sequence = BitFields.field(id, 0, this.sequenceBits);
		return new SnowflakeId(this.epoch.plusMillis(timestamp), datacenter, worker, sequence);
	}

	/**
	 * Return the time of an ID of this layout in milliseconds since the Unix epoch, as
	 * {@link #decode(long)} does but without checking the ID or allocating.
	 * @param id an ID of this layout
	 * @return the epoch plus the ID's timestamp, in milliseconds since the Unix epoch
	 */
	public long timestampMillis(long id) {
		return this.epoch.toEpochMilli() + (id >>> timestampShift());
	}

	/**
	 * Return how far the timestamp is shifted to the left in an ID.
	 * @return the number of datacenter, worker and sequence bits
	 */
	int timestampShift() {
		return this.datacenterBits + this.workerBits + this.sequenceBits;
	}

	/**
	 * Return the datacenter and worker of an ID in place, with the other bits 0.
	 * @param datacenter the datacenter ID, in range
	 * @param worker the worker ID, in range
	 * @return the datacenter and worker bits of the ID
	 */
	long nodeBits(int datacenter, int worker) {
		return ((long) datacenter << (this.workerBits + this.sequenceBits)) | ((long) worker << this.sequenceBits);
	}

	/**
	 * Return a short description, such as {@code 41/0/10/12 since 2025-01-01T00:00:00Z}
	 * or {@code 10+41/0/5/7 since ...} with reserved bits.
	 * @return the bits of every field and the epoch
	 */
	String describe() {
		String reserved = (this.reservedBits != 0) ? this.reservedBits + "+" : "";
		return reserved + this.timestampBits + "/" + this.datacenterBits + "/" + this.workerBits + "/"
				+ this.sequenceBits + " since " + this.epoch;
	}

}
