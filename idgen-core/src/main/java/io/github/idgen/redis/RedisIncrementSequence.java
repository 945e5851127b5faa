package io.github.idgen.redis;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.CounterLostException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceInfo;
import io.github.idgen.segment.SequenceBounds;

/**
 * A {@link Sequence} that takes every ID from Redis: one {@code INCR} of the counter key
 * {@code <prefix>{<sequence>}} per {@link #next()}, one {@code INCRBY count} per
 * {@link #next(int)}. IDs are strictly sequential across every instance sharing the
 * counter, at the cost of a Redis round trip per call (the {@code increment} mode).
 * <p>
 * On first use, each instance runs the {@link RedisSegmentStore}'s script with a step of
 * 0, which creates the counter at {@code start - 1} if the sequence is new (race-safely)
 * and refuses a counter that is missing or below its guard key. After that, each call is a
 * single command on a connection taken from the factory and closed right away. With
 * Spring's {@code LettuceConnectionFactory} and its default of sharing the native
 * connection, concurrent callers share one connection and their commands are pipelined;
 * keep it that way (a factory with a connection pool, or with sharing switched off, pays
 * a connection per caller instead). The key is encoded once.
 * <p>
 * The local high-water mark guards against a lost counter: a call that receives an ID at
 * or below the highest ID this instance had received before it sent its command throws
 * {@link CounterLostException}, logs the loss at error level, raises the guard key so
 * that instances starting later refuse the counter too, and trips this sequence for good
 * ({@link #trippedGuard()}). It cannot catch a loss that no running instance sees (the
 * counter comes back above every value this instance received) and, unlike the segment
 * store, there is no floor in this mode: persisting every ID would cost a database write
 * per ID.
 * <p>
 * The largest ID is {@code Long.MAX_VALUE - 1}; past it, calls throw
 * {@link SequenceExhaustedException}.
 * <p>
 * The IDs returned are counted in a {@link LongAdder} that every caller adds to after
 * Redis answered, for {@link #issued()}.
 */
public class RedisIncrementSequence implements Sequence, SequenceInfo {

	private static final Logger logger = LoggerFactory.getLogger(RedisIncrementSequence.class);

	private final String name;

	private final long start;

	private final RedisConnectionFactory connectionFactory;

	private final RedisKeys keys;

	private final byte[] key;

	private final ReserveScript script;

	private final HighWaterMark mark;

	private final Object monitor = new Object();

	private final LongAdder issued = new LongAdder();

	private volatile boolean counterChecked;

	/**
	 * Create a sequence. Redis is not contacted before the first ID is asked for.
	 * @param connectionFactory the connection factory, standalone or cluster
	 * @param keys the keys of the sequences
	 * @param name the sequence name, valid as {@link RedisKeys} defines it
	 * @param start the first ID of the sequence, used if its counter does not exist yet,
	 * at least 1
	 */
	public RedisIncrementSequence(RedisConnectionFactory connectionFactory, RedisKeys keys, String name, long start) {
		Objects.requireNonNull(connectionFactory, "RedisConnectionFactory must not be null");
		this.keys = Objects.requireNonNull(keys, "RedisKeys must not be null");
		this.name = RedisKeys.validateSequence(name);
		if (start < 1) {
			throw new IllegalArgumentException("Start must be at least 1 but was " + start);
		}
		this.start = start;
		this.connectionFactory = connectionFactory;
		this.key = keys.counter(name).getBytes(StandardCharsets.UTF_8);
		this.script = new ReserveScript(new StringRedisTemplate(connectionFactory), keys);
		this.mark = new HighWaterMark(name, keys.counter(name));
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public long next() {
		long before = prepare();
		long last = increment(1);
		accept(last - 1, last, before);
		this.issued.increment();
		return last;
	}

	@Override
	public long issued() {
		return this.issued.sum();
	}

	@Override
	public long[] next(int count) {
		if (count < 1) {
			throw new IllegalArgumentException("count must be at least 1 but was " + count);
		}
		long before = prepare();
		long last = increment(count);
		long first = last - count + 1;
		accept(first - 1, last, before);
		this.issued.add(count);
		long[] ids = new long[count];
		for (int i = 0; i < count; i++) {
			ids[i] = first + i;
		}
		return ids;
	}

	/**
	 * Return the mode ({@code increment}), the highest ID this instance has received, the
	 * IDs issued and, once the counter-loss guard has tripped, why.
	 */
	@Override
	public Map<String, Object> info() {
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("mode", "increment");
		info.put("highestId", this.mark.get().value());
		info.put("issued", issued());
		trippedGuard().ifPresent((reason) -> info.put("trippedGuard", reason));
		return info;
	}

	/**
	 * Return why the counter-loss guard of this sequence has tripped in this instance.
	 * Once tripped, every call throws {@link CounterLostException} until the application
	 * restarts.
	 * @return the reason, empty if the guard has not tripped
	 */
	public Optional<String> trippedGuard() {
		return Optional.ofNullable(this.mark.trippedReason());
	}

	private long prepare() {
		this.mark.checkIntact();
		if (!this.counterChecked) {
			checkCounter();
		}
		return this.mark.get().value();
	}

	private void accept(long lastBefore, long last, long before) {
		try {
			this.mark.accept(0, lastBefore, last, new CounterPosition(0, before));
		}
		catch (CounterLostException ex) {
			raiseGuard(before);
			throw ex;
		}
	}

	private void raiseGuard(long known) {
		try {
			this.script.reserve(this.name, 0, SequenceBounds.startingAt(this.start), new CounterPosition(0, known),
					false);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not raise the guard key '{}' of sequence '{}' to {}", this.keys.guard(this.name),
					this.name, known, ex);
		}
	}

	private void checkCounter() {
		synchronized (this.monitor) {
			if (this.counterChecked) {
				return;
			}
			ReserveScript.Result result = runScript();
			switch (result.outcome()) {
				case RESERVED -> this.mark.raise(new CounterPosition(0, result.newCounter()));
				case LOST -> throw this.mark.trip("its counter '" + this.keys.counter(this.name) + "' is "
						+ result.describeCounter() + ", below the highest value known, " + result.position()
						+ " (the guard key '" + this.keys.guard(this.name) + "' holds it)");
				case INVALID -> throw this.mark.trip("its counter '" + this.keys.counter(this.name) + "' holds '"
						+ result.counter() + "' and its guard '" + this.keys.guard(this.name) + "' holds '"
						+ result.value() + "'; both must be missing or non-negative integers");
				default -> throw new IllegalStateException(
						"Unexpected outcome " + result.outcome() + " for sequence '" + this.name + "'");
			}
			this.counterChecked = true;
		}
	}

	private ReserveScript.Result runScript() {
		try {
			return this.script.reserve(this.name, 0, SequenceBounds.startingAt(this.start), this.mark.get(), false);
		}
		catch (DataAccessException ex) {
			throw new BackendUnavailableException("Could not check the counter of sequence '" + this.name
					+ "' in Redis key '" + this.keys.counter(this.name) + "': " + ex.getMessage(), ex);
		}
	}

	private long increment(long count) {
		Long last;
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			last = (count == 1) ? connection.stringCommands().incr(this.key)
					: connection.stringCommands().incrBy(this.key, count);
		}
		catch (DataAccessException ex) {
			throw failure(count, ex);
		}
		if (last == null) {
			throw new IllegalStateException("Redis returned no value for INCRBY of sequence '" + this.name
					+ "': is the connection in a transaction or a pipeline?");
		}
		if (last > SequenceBounds.MAX_ID) {
			throw exhausted(count);
		}
		return last;
	}

	private RuntimeException failure(long count, DataAccessException failure) {
		if (isExhausted(count)) {
			return exhausted(count);
		}
		return new BackendUnavailableException("Could not take " + count + " IDs of sequence '" + this.name
				+ "' from Redis key '" + this.keys.counter(this.name) + "': " + failure.getMessage(), failure);
	}

	private boolean isExhausted(long count) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			byte[] counter = connection.stringCommands().get(this.key);
			return counter != null && new BigInteger(new String(counter, StandardCharsets.US_ASCII))
				.compareTo(BigInteger.valueOf(SequenceBounds.MAX_ID - count)) > 0;
		}
		catch (RuntimeException ex) {
			logger.debug("Could not read the counter of sequence '{}' after a failure", this.name, ex);
			return false;
		}
	}

	private SequenceExhaustedException exhausted(long count) {
		return new SequenceExhaustedException(this.name, "Sequence '" + this.name + "' is exhausted: its counter '"
				+ this.keys.counter(this.name) + "' cannot grow by " + count + " without passing the largest ID "
				+ SequenceBounds.MAX_ID);
	}

}
