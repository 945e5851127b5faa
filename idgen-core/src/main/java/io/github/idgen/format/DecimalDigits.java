package io.github.idgen.format;

/**
 * Writes a value in decimal digits, zero-padded to a width ({@code {seq:6}}) or not
 * ({@code {seq}}).
 *
 * @param width the number of digits to pad to, 0 for none
 */
record DecimalDigits(int width) implements ValueField {

	private static final int MAX_LONG_DIGITS = Long.toString(Long.MAX_VALUE).length();

	@Override
	public String token() {
		return (this.width > 0) ? "{seq:" + this.width + "}" : "{seq}";
	}

	@Override
	public int length() {
		return this.width;
	}

	/**
	 * Return the largest value the width holds.
	 * @return {@code 10^width - 1}, or {@link Long#MAX_VALUE} without a width or with one
	 * wider than a {@code long} has digits
	 */
	@Override
	public long maxValue() {
		if (this.width == 0 || this.width >= MAX_LONG_DIGITS) {
			return Long.MAX_VALUE;
		}
		long max = 9;
		for (int digit = 1; digit < this.width; digit++) {
			max = max * 10 + 9;
		}
		return max;
	}

	@Override
	public void write(long value, StringBuilder id) {
		String digits = Long.toString(value);
		id.append("0".repeat(Math.max(0, this.width - digits.length()))).append(digits);
	}

	@Override
	public long read(String text) {
		if (this.width == 0 && text.length() > 1 && text.charAt(0) == '0') {
			throw new IllegalArgumentException("the value " + text + " has a leading zero, which {seq} never writes");
		}
		return ValueField.digits(text);
	}

}
