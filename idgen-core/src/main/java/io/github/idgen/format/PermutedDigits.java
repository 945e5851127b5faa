package io.github.idgen.format;

/**
 * Writes a value as the decimal digits of its keyed permutation within a width, so that
 * consecutive values give unrelated numbers of the same width; reading restores the
 * value.
 *
 * @param permutation the permutation of the values of the width
 */
record PermutedDigits(DigitPermutation permutation) implements ValueField {

	@Override
	public String token() {
		return "{seq:" + width() + "}";
	}

	@Override
	public int length() {
		return width();
	}

	@Override
	public int width() {
		return this.permutation.width();
	}

	@Override
	public long maxValue() {
		return this.permutation.maxValue();
	}

	@Override
	public void write(long value, StringBuilder id) {
		new DecimalDigits(width()).write(this.permutation.permute(value), id);
	}

	@Override
	public long read(String text) {
		long permuted = ValueField.digits(text);
		if (permuted > maxValue()) {
			throw new IllegalArgumentException("the value " + text + " exceeds " + maxValue()
					+ ", the largest number the obfuscated field writes");
		}
		return this.permutation.restore(permuted);
	}

}
