package io.github.idgen.worker;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.SequenceNames;

/**
 * A named view on a {@link LeasedWorker}: every snowflake sequence shares the worker's
 * ID space.
 */
public final class LeasedWorkerSequence implements Sequence, SequenceInfo {

	private final String name;

	private final LeasedWorker worker;

	/**
	 * Create a sequence.
	 * @param name the sequence name
	 * @param worker the worker that issues the IDs
	 */
	public LeasedWorkerSequence(String name, LeasedWorker worker) {
		this.name = SequenceNames.validate(name);
		this.worker = worker;
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public long next() {
		return this.worker.nextId();
	}

	@Override
	public long[] next(int count) {
		return this.worker.nextIds(count);
	}

	/**
	 * Return the mode, the worker and datacenter id, whether the lease is valid and for
	 * how long, the layout and when its timestamp bits run out.
	 */
	@Override
	public Map<String, Object> info() {
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("mode", "snowflake");
		info.put("datacenter", this.worker.workerId().datacenter());
		info.put("worker", this.worker.workerId().worker());
		info.put("leaseValid", this.worker.isValid());
		info.put("leaseValidFor", this.worker.validFor().toString());
		info.put("layout", this.worker.layout().toString());
		info.put("lastTime", this.worker.layout().lastTime().toString());
		return info;
	}

}
