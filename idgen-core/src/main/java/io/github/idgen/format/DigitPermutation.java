package io.github.idgen.format;

import java.util.Objects;

/**
 * A keyed permutation of the values of a decimal field of fixed width: format-preserving
 * encryption with FF1 of NIST SP 800-38G (radix 10, AES), so that counted numbers keep
 * their width and stay unique (a permutation cannot collide), consecutive numbers look
 * unrelated, and whoever holds the key can {@link #restore(long) restore} the counter.
 * <p>
 * For widths 2 to 18 the permuted value is exactly FF1.Encrypt of the value written with
 * {@code width} digits (leading zeros included), under the given AES key and tweak:
 * anyone with an FF1 implementation reproduces the numbers. FF1 needs two digits at
 * least, so width 1 runs FF1 on two digits and cycle-walks: it applies FF1 again while
 * the result is above 9, 10 calls per value on average. For width 19 the domain is
 * {@code [0, Long.MAX_VALUE]}, the values of a signed long counter, within FF1's 19-digit
 * domain {@code [0, 10^19)}: it cycle-walks while the result is above
 * {@link Long#MAX_VALUE}, 1.08 calls per value on average. {@link #restore(long)} walks
 * back with FF1.Decrypt in the same way, so both widths are reproducible with FF1 too.
 * <p>
 * Widths below 6 are below the minimum domain of a million values that the draft of SP
 * 800-38G Revision 1 sets (the 2016 edition: a hundred): FF1 on so few values is open to
 * known attacks, and anyone who sees enough numbers can tabulate them. Such widths hide
 * the count from a casual reader only.
 * <p>
 * Instances are immutable and thread-safe; they share a lock-free pool of AES ciphers
 * between calls instead of creating one per call. The key is copied, and neither
 * {@link #toString()} nor any exception message shows it.
 */
public final class DigitPermutation {

	private static final int MAX_WIDTH = 19;

	private final Ff1 ff1;

	private final int width;

	private final long maxValue;

	private DigitPermutation(Ff1 ff1, int width) {
		this.ff1 = ff1;
		this.width = width;
		this.maxValue = (width < MAX_WIDTH) ? Ff1.powerOfTen(width) - 1 : Long.MAX_VALUE;
	}

	/**
	 * Create the permutation of the values of {@code width} digits for a key and tweak.
	 * @param key the AES key, 16, 24 or 32 bytes, copied
	 * @param tweak the FF1 tweak, such as the UTF-8 name of the sequence; may be empty
	 * @param width the number of decimal digits, 1 to 19
	 * @return the permutation
	 * @throws IllegalArgumentException if the key has another length (named in the
	 * message, the key never is) or the width is out of range
	 * @throws NullPointerException if the key or the tweak is {@code null}
	 */
	public static DigitPermutation of(byte[] key, byte[] tweak, int width) {
		Objects.requireNonNull(key, "Key must not be null");
		Objects.requireNonNull(tweak, "Tweak must not be null");
		if (key.length != 16 && key.length != 24 && key.length != 32) {
			throw new IllegalArgumentException(
					"An AES key has 16, 24 or 32 bytes, but the given key has " + key.length + " bytes");
		}
		if (width < 1 || width > MAX_WIDTH) {
			throw new IllegalArgumentException(
					"Width " + width + " is not supported: a permutation has 1 to " + MAX_WIDTH + " digits");
		}
		return new DigitPermutation(new Ff1(key, tweak, Math.max(width, 2)), width);
	}

	/**
	 * Return the number of decimal digits of the values.
	 * @return the width, 1 to 19
	 */
	public int width() {
		return this.width;
	}

	/**
	 * Return the largest value of the domain, whose smallest is zero.
	 * @return {@code 10^width - 1} for widths up to 18, {@link Long#MAX_VALUE} for width
	 * 19
	 */
	public long maxValue() {
		return this.maxValue;
	}

	/**
	 * Permute a value.
	 * @param value the value, in {@code [0, maxValue()]}
	 * @return the permuted value, in {@code [0, maxValue()]}
	 * @throws IllegalArgumentException if the value is outside the domain
	 */
	public long permute(long value) {
		long permuted = this.ff1.encrypt(checkInDomain(value));
		while (Long.compareUnsigned(permuted, this.maxValue) > 0) {
			permuted = this.ff1.encrypt(permuted);
		}
		return permuted;
	}

	/**
	 * Restore the value that {@link #permute(long)} turned into the given one.
	 * @param permuted the permuted value, in {@code [0, maxValue()]}
	 * @return the value, in {@code [0, maxValue()]}
	 * @throws IllegalArgumentException if the permuted value is outside the domain
	 */
	public long restore(long permuted) {
		long value = this.ff1.decrypt(checkInDomain(permuted));
		while (Long.compareUnsigned(value, this.maxValue) > 0) {
			value = this.ff1.decrypt(value);
		}
		return value;
	}

	private long checkInDomain(long value) {
		if (value < 0 || value > this.maxValue) {
			throw new IllegalArgumentException("Value " + value + " is outside the domain [0, " + this.maxValue
					+ "] of the permutation of " + digits());
		}
		return value;
	}

	private String digits() {
		return this.width + ((this.width == 1) ? " digit" : " digits");
	}

	/**
	 * Describe the permutation by its width, such as {@code FF1 permutation of 6 digits};
	 * never its key or tweak.
	 * @return the description
	 */
	@Override
	public String toString() {
		return "FF1 permutation of " + digits();
	}

}
