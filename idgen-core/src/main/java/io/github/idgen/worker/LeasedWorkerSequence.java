package io.github.idgen.worker;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.SequenceNames;

/**
 * A named view on a {@link LeasedWorker}: every snowflake sequence shares the worker's
 * ID space. It counts the IDs it returns in a {@link LongAdder}, added to by every caller
 * after the worker returned, so that {@link #issued()} is exact once no call is under way.
 */
public final class LeasedWorkerSequence implements Sequence, SequenceInfo {

	private final String name;

	private final LeasedWorker worker;

	private final LongAdder issued = new LongAdder();

	/**
	 * Create a sequence.
	 * @param name the sequence name
	 * @param worker the worker that issues the IDs
	 */
	public LeasedWorkerSequence(String name, LeasedWorker worker) {
		this.name = SequenceNames.validateCounter(name);
		this.worker = worker;
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public long next() {
		long id = this.worker.nextId();
		this.issued.increment();
		return id;
	}

	@Override
	public long[] next(int count) {
		long[] ids = this.worker.nextIds(count);
		this.issued.add(count);
		return ids;
	}

	@Override
	public long issued() {
		return this.issued.sum();
	}

	/**
	 * Return how long the worker's lease is known valid from now.
	 * @return the remaining validity, zero once it has passed
	 */
	public Duration leaseValidFor() {
		return this.worker.validFor();
	}

	/**
	 * Return the mode, the worker (also as {@code workerId}) and datacenter id, whether
	 * the lease is valid, for how long and until when ({@code leaseExpiresAt}, an ISO-8601
	 * instant), the layout, when its timestamp bits run out and the IDs issued.
	 */
	@Override
	public Map<String, Object> info() {
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("mode", "snowflake");
		info.put("datacenter", this.worker.workerId().datacenter());
		info.put("worker", this.worker.workerId().worker());
		info.put("workerId", this.worker.workerId().worker());
		info.put("leaseValid", this.worker.isValid());
		info.put("leaseValidFor", this.worker.validFor().toString());
		info.put("leaseExpiresAt", this.worker.validUntil().toString());
		info.put("layout", this.worker.layout().toString());
		info.put("lastTime", this.worker.layout().lastTime().toString());
		info.put("issued", issued());
		return info;
	}

}
