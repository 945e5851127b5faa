package io.github.idgen.snowflake;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.SequenceNames;

/**
 * A named {@link Sequence} whose IDs come from a shared {@link SnowflakeGenerator}. Every
 * sequence of one generator draws from the same ID space: an ID is unique across all
 * of them, and the IDs of one name have gaps where the other names took theirs.
 * <p>
 * It counts the IDs it returns in a {@link LongAdder}, added to by every caller after
 * the generator returned, so that {@link #issued()} is exact once no call is under way.
 */
public final class SnowflakeSequence implements Sequence, SequenceInfo {

	private final String name;

	private final SnowflakeGenerator generator;

	private final LongAdder issued = new LongAdder();

	/**
	 * Create a sequence.
	 * @param name the sequence name, valid as {@link SequenceNames} defines it
	 * @param generator the generator of the worker, shared by every sequence
	 * @throws IllegalArgumentException if an argument is not valid
	 */
	public SnowflakeSequence(String name, SnowflakeGenerator generator) {
		this.name = SequenceNames.validateCounter(name);
		if (generator == null) {
			throw new IllegalArgumentException("generator must not be null");
		}
		this.generator = generator;
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public long next() {
		long id = this.generator.nextId();
		this.issued.increment();
		return id;
	}

	@Override
	public long[] next(int count) {
		long[] ids = this.generator.nextIds(count);
		this.issued.add(count);
		return ids;
	}

	@Override
	public long issued() {
		return this.issued.sum();
	}

	/**
	 * Return the mode ({@code snowflake}), the datacenter and worker (also as
	 * {@code workerId}), the bit layout, the remaining lifetime of the layout and the IDs
	 * issued.
	 */
	@Override
	public Map<String, Object> info() {
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("mode", "snowflake");
		info.put("datacenter", this.generator.workerId().datacenter());
		info.put("worker", this.generator.workerId().worker());
		info.put("workerId", this.generator.workerId().worker());
		info.put("layout", this.generator.layout().describe());
		info.put("remainingLifetime", this.generator.remainingLifetime().toString());
		info.put("issued", issued());
		return info;
	}

}
