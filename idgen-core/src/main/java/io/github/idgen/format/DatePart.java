package io.github.idgen.format;

/**
 * A part of the date that the date/time fields of an {@link IdFormat} can write, and that
 * a {@link ResetPeriod} may need to tell its periods apart.
 */
enum DatePart {

	/**
	 * The year, written by {@code yyyy}, {@code uuuu} or the two-digit {@code yy}.
	 */
	YEAR("year"),

	/**
	 * The month of the year, written by {@code MM}.
	 */
	MONTH("month"),

	/**
	 * The day of the month, written by {@code dd}.
	 */
	DAY_OF_MONTH("day of month"),

	/**
	 * The day of the year, written by {@code DDD}.
	 */
	DAY_OF_YEAR("day of year");

	private final String label;

	DatePart(String label) {
		this.label = label;
	}

	@Override
	public String toString() {
		return this.label;
	}

}
