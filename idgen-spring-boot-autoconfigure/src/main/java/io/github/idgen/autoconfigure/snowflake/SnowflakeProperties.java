package io.github.idgen.autoconfigure.snowflake;

import java.time.Duration;
import java.time.Instant;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the snowflake backend.
 */
@ConfigurationProperties(prefix = "idgen.snowflake", ignoreUnknownFields = false)
public class SnowflakeProperties {

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
	 * Bits of the worker ID.
	 */
	private int workerBits = 10;

	/**
	 * Bits of the per-millisecond sequence.
	 */
	private int sequenceBits = 12;

	/**
	 * Worker ID of this instance, from 0 to 2^worker-bits - 1, when the source is
	 * 'static'. Every instance must have its own.
	 */
	private int workerId = -1;

	/**
	 * Datacenter id of this instance, when the layout has datacenter bits.
	 */
	private int datacenterId;

	/**
	 * Where the worker ID comes from: 'auto' (worker-id if set, else a lease from the
	 * store the application has), 'static' (worker-id), 'kubernetes' (the StatefulSet
	 * ordinal of HOSTNAME), or the name of a backend whose store keeps the leases.
	 */
	private String workerIdSource = "auto";

	/**
	 * How long a leased worker ID lives without renewal. The lease is renewed every third
	 * of it, and IDs stop a fifth of it before it could pass to another instance.
	 */
	private Duration leaseTtl = Duration.ofSeconds(60);

	/**
	 * Largest backward clock jump that is waited out; a larger one throws
	 * ClockMovedBackwardsException.
	 */
	private Duration maxBackwardWait = Duration.ofMillis(5);

	/**
	 * File in which a static or StatefulSet worker ID keeps a timestamp that none of its
	 * IDs is after, so that a restart with the clock behind repeats no ID. Every instance
	 * needs its own, in an existing directory on a local disk that survives restarts. Not
	 * allowed with a leased worker ID, whose lease keeps that timestamp.
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

	public String getWorkerIdSource() {
		return this.workerIdSource;
	}

	/**
	 * Set where the worker ID comes from.
	 * @param workerIdSource {@code auto}, {@code static}, {@code kubernetes} or the name
	 * of a store that keeps worker ID leases, in any case and with surrounding blanks
	 * @throws IllegalArgumentException naming the sources if it is none of them, so that
	 * binding fails whether or not the snowflake backend is in use
	 */
	public void setWorkerIdSource(String workerIdSource) {
		this.workerIdSource = WorkerIdSelection.validSource(workerIdSource);
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
