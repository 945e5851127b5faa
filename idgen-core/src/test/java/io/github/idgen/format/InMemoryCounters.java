package io.github.idgen.format;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.LongStream;

import io.github.idgen.Sequence;

/**
 * A counter lookup test double: each counter name gets an in-memory {@link Sequence} that
 * counts from 1, or from just after the value it was {@linkplain #set set} to.
 */
class InMemoryCounters implements Function<String, Sequence> {

	private final ConcurrentMap<String, AtomicLong> counters = new ConcurrentHashMap<>();

	@Override
	public Sequence apply(String name) {
		AtomicLong counter = this.counters.computeIfAbsent(name, (key) -> new AtomicLong());
		return new Sequence() {

			@Override
			public String name() {
				return name;
			}

			@Override
			public long next() {
				return counter.incrementAndGet();
			}

			@Override
			public long[] next(int count) {
				return LongStream.generate(this::next).limit(count).toArray();
			}

		};
	}

	void set(String name, long lastValue) {
		this.counters.computeIfAbsent(name, (key) -> new AtomicLong()).set(lastValue);
	}

	Set<String> names() {
		return Set.copyOf(this.counters.keySet());
	}

}
