package io.github.idgen.autoconfigure.snowflake;

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
	 * IDs below 2^53, exact as JavaScript numbers: 41 timestamp, 5 worker and 7 sequence
	 * bits.
	 */
	JAVASCRIPT_SAFE

}
