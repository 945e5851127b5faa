package io.github.idgen;

import java.time.Instant;

/**
 * The bit arithmetic that the layouts of time-based IDs share: IDs of a sign bit that is
 * always 0 and fields of a given number of bits, the highest a timestamp in milliseconds
 * since an epoch. The Snowflake {@code BitLayout} and the Redis {@code RedisTimeLayout}
 * check their fields and compose their IDs with it, so that both name a wrong value the
 * same way.
 */
public final class BitFields {

	private BitFields() {
	}

	/**
	 * Return the largest value of a field.
	 * @param bits the number of bits of the field, from 0 to 63
	 * @return {@code 2^bits - 1}, 0 for a field without bits
	 */
	public static long max(int bits) {
		return (1L << bits) - 1;
	}

	/**
	 * Return the largest value of a field that holds an {@code int}.
	 * @param bits the number of bits of the field, from 0 to 31
	 * @return {@code 2^bits - 1}, 0 for a field without bits
	 */
	public static int maxInt(int bits) {
		return (int) max(bits);
	}

	/**
	 * Return the value of a field of an ID.
	 * @param id the ID
	 * @param shift the number of bits below the field
	 * @param bits the number of bits of the field
	 * @return the field, from 0 to {@code 2^bits - 1}
	 */
	public static long field(long id, int shift, int bits) {
		return (id >>> shift) & max(bits);
	}

	/**
	 * Return the last millisecond that a timestamp field can hold.
	 * @param epoch the instant whose millisecond has timestamp 0
	 * @param timestampBits the number of bits of the timestamp
	 * @return the epoch plus {@code 2^timestampBits - 1} milliseconds
	 */
	public static Instant lastTime(Instant epoch, int timestampBits) {
		return epoch.plusMillis(max(timestampBits));
	}

	/**
	 * Check that a field has at least {@code min} bits.
	 * @param field the name of the field, for the message
	 * @param bits the number of bits of the field
	 * @param min the fewest bits the field may have
	 * @throws IllegalArgumentException if it has fewer, naming the field
	 */
	public static void requireAtLeast(String field, int bits, int min) {
		if (bits < min) {
			throw new IllegalArgumentException(field + " must be at least " + min + " but was " + bits);
		}
	}

	/**
	 * Check that a value lies within the range of a field.
	 * @param field the name of the field, for the message
	 * @param value the value
	 * @param max the largest value of the field
	 * @throws IllegalArgumentException if the value is negative or above {@code max},
	 * naming the field and its range
	 */
	public static void requireInRange(String field, long value, long max) {
		if (value < 0 || value > max) {
			throw new IllegalArgumentException(field + " must lie within [0, " + max + "] but was " + value);
		}
	}

	/**
	 * Check the epoch of a layout: it is set, a whole millisecond and not in the future.
	 * @param epoch the instant whose millisecond has timestamp 0
	 * @throws IllegalArgumentException if it is not valid, with the reason
	 */
	public static void requireEpoch(Instant epoch) {
		if (epoch == null) {
			throw new IllegalArgumentException("epoch must not be null");
		}
		if (epoch.getNano() % 1_000_000 != 0) {
			throw new IllegalArgumentException("epoch must be a whole millisecond but was " + epoch);
		}
		if (epoch.isAfter(Instant.now())) {
			throw new IllegalArgumentException("epoch must not be in the future but was " + epoch);
		}
	}

}
