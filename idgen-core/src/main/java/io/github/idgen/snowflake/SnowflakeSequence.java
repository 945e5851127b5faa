package io.github.idgen.snowflake;

import io.github.idgen.worker.LeaseFencedSequence;
import java.util.Optional;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import io.github.idgen.IdLimit;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.SequenceNames;

/**
 * A named {@link Sequence} whose IDs come from a shared {@link SnowflakeWorker},
 * whichever kind it is (a bare generator, a state-file worker or a leased worker). Every
 * sequence of one worker draws from the same ID space: an ID is unique across all of
 * them, and the IDs of one name have gaps where the other names took theirs.
 * <p>
 * It counts the IDs it returns in a {@link LongAdder}, added to by every caller after the
 * worker returned, so that {@link #issued()} is exact once no call is under way.
 */
public final class SnowflakeSequence implements Sequence, SequenceInfo, LeaseFencedSequence {

	private final String name;

	private final SnowflakeWorker worker;

	private final LongAdder issued = new LongAdder();

	/**
	 * Create a sequence.
	 * @param name the sequence name, valid as {@link SequenceNames} defines it
	 * @param worker the worker, shared by every sequence
	 * @throws IllegalArgumentException if an argument is not valid
	 */
	public SnowflakeSequence(String name, SnowflakeWorker worker) {
		this.name = SequenceNames.validateCounter(name);
		if (worker == null) {
			throw new IllegalArgumentException("worker must not be null");
		}
		this.worker = worker;
	}

	/**
	 * Return the worker that issues the IDs of this sequence.
	 * @return the worker, shared by every sequence of the instance
	 */
	public SnowflakeWorker worker() {
		return this.worker;
	}

	/**
	 * Return how long the lease of the worker ID is known valid, if the worker is leased.
	 */
	@Override
	public Optional<Duration> leaseValidFor() {
		return (this.worker instanceof LeasedWorker leased) ? Optional.of(leased.validFor()) : Optional.empty();
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
	 * Return the end of the layout's timestamp bits.
	 */
	@Override
	public Optional<IdLimit> limit() {
		BitLayout layout = this.worker.layout();
		return Optional.of(IdLimit.time(layout.lastTime(), layout.timestampBits(),
				layout.datacenterBits() + layout.workerBits() + layout.sequenceBits(),
				"the timestamp bits of the snowflake layout, " + layout.timestampBits() + " bits from the epoch "
						+ layout.epoch()));
	}

	/**
	 * Return the mode ({@code snowflake}), what the worker tells of itself (see
	 * {@link SnowflakeWorker#info()}) and the IDs issued.
	 */
	@Override
	public Map<String, Object> info() {
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("mode", "snowflake");
		info.putAll(this.worker.info());
		info.put("issued", issued());
		return info;
	}

}
