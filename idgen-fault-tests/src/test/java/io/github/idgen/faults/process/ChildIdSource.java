package io.github.idgen.faults.process;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import io.github.idgen.Sequence;
import io.github.idgen.SequenceObserver;
import io.github.idgen.format.FormattedSequence;
import io.github.idgen.format.IdFormat;
import io.github.idgen.format.ResetPeriod;
import io.github.idgen.format.SequenceFormat;
import io.github.idgen.redis.RedisIncrementSequence;
import io.github.idgen.segment.KeyCheckStore;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.LeasedWorker;
import io.github.idgen.snowflake.LeasedWorkerSettings;
import io.github.idgen.snowflake.SnowflakeGenerator;
import io.github.idgen.snowflake.StateFileWorker;
import io.github.idgen.worker.WorkerId;

/**
 * Where a {@link GeneratorProcess} takes its IDs from, by option {@code mode}:
 * {@code segment}, the segment engine over the store of {@link ChildStores} (options
 * {@code sequence} and {@code step}, and optional {@code fetchTimeout}, an ISO-8601
 * duration, 3 s by default; the step is fixed and the next segment is fetched at half of
 * the current one, so that allocations are frequent), {@code obfuscated}, the values of
 * the sequence's daily counters written by the obfuscated format {@code {yyMMdd}{seq:12}}
 * (a keyed permutation of 12 digits with {@link #OBFUSCATION_KEY}, of its own each day
 * or, with option {@code permutation=fixed}, the same every day; each day's permutation
 * checked in the JDBC store's key checks), {@code increment}, Redis increment mode: a
 * {@link RedisIncrementSequence} of option {@code sequence}, starting at 1, on the Redis
 * store of {@link ChildStores} (without a floor), every ID taken from the Redis counter
 * by the call that returns it, none buffered, or {@code leased}, a snowflake
 * {@link LeasedWorker} holding worker id 0 (see {@link OneWorkerIdLeaseStore}; options
 * {@code ttl}, {@code margin} and {@code maxBackwardWait}, ISO-8601 durations), which
 * waits up to {@value #ACQUIRE_SECONDS} seconds for the id to become free and then prints
 * {@code Leased worker <id> at <instant>}, the instant on the child's wall clock, or
 * {@code static}, snowflake worker id 0 without a lease (option {@code maxBackwardWait}),
 * kept in the {@link StateFileWorker} state file of option {@code stateFile} if that is
 * given and a bare {@link SnowflakeGenerator} otherwise.
 */
final class ChildIdSource implements LongSupplier, AutoCloseable {

	private static final int ACQUIRE_SECONDS = 30;

	/**
	 * The key of mode {@code obfuscated}.
	 */
	static final byte[] OBFUSCATION_KEY = "fault-suite-obfuscation-key-32b!".getBytes(StandardCharsets.US_ASCII);

	private final LongSupplier ids;

	private final AutoCloseable generator;

	private final ChildStores stores;

	private ChildIdSource(LongSupplier ids, AutoCloseable generator, ChildStores stores) {
		this.ids = ids;
		this.generator = generator;
		this.stores = stores;
	}

	/**
	 * Open the source the options describe.
	 * @param options the child's options
	 * @return the source, to be closed
	 * @throws InterruptedException if interrupted while waiting for the worker id
	 */
	static ChildIdSource open(ChildOptions options) throws InterruptedException {
		ChildStores stores = new ChildStores(options);
		return switch (options.get("mode")) {
			case "segment", "obfuscated" -> {
				long step = options.getInt("step");
				SegmentSettings settings = new SegmentSettings(1, step,
						new StepPolicy(step, step, Duration.ofMinutes(15)), 0.5,
						Duration.parse(options.get("fetchTimeout", "PT3S")));
				SegmentSequences sequences = new SegmentSequences(stores.segmentStore(), settings, Map.of());
				LongSupplier ids = options.get("mode").equals("obfuscated")
						? obfuscated(options, sequences, stores.keyCheckStore())
						: sequences.create(options.get("sequence"))::next;
				yield new ChildIdSource(ids, sequences, stores);
			}
			case "increment" -> {
				RedisIncrementSequence sequence = new RedisIncrementSequence(stores.redisSegmentStore(),
						options.get("sequence"), 1);
				yield new ChildIdSource(sequence::next, () -> {
				}, stores);
			}
			case "leased" -> {
				LeasedWorker worker = leaseWorker(options, stores);
				System.out.println("Leased worker " + worker.workerId() + " at " + Instant.now());
				yield new ChildIdSource(worker::nextId, worker, stores);
			}
			case "static" -> {
				Duration maxBackwardWait = options.getDuration("maxBackwardWait");
				String stateFile = options.get("stateFile", null);
				if (stateFile == null) {
					SnowflakeGenerator generator = new SnowflakeGenerator(BitLayout.standard(), WorkerId.of(0),
							Clock.systemUTC(), maxBackwardWait, SequenceObserver.NONE);
					yield new ChildIdSource(generator::nextId, () -> {
					}, stores);
				}
				StateFileWorker worker = new StateFileWorker(Path.of(stateFile), BitLayout.standard(), WorkerId.of(0),
						maxBackwardWait, SequenceObserver.NONE);
				yield new ChildIdSource(worker::nextId, worker, stores);
			}
			default -> throw new IllegalArgumentException("Unknown mode " + options.get("mode"));
		};
	}

	/**
	 * Return the numbers of the obfuscated format {@code {yyMMdd}{seq:12}} of a daily
	 * sequence, as numbers, with the permutation of option {@code permutation}
	 * ({@code per-period}, the default, or {@code fixed}), each period's permutation
	 * checked in the store's key checks as a configured sequence's is: the counters are
	 * the sequence's period counters, such as {@code kill9-...@20261128}.
	 */
	private static LongSupplier obfuscated(ChildOptions options, SegmentSequences sequences, KeyCheckStore keyChecks) {
		String name = options.get("sequence");
		IdFormat format = IdFormat.parse("{yyMMdd}{seq:12}");
		format = options.get("permutation", "per-period").equals("fixed") ? format.obfuscated(OBFUSCATION_KEY, name)
				: format.obfuscatedPerPeriod(OBFUSCATION_KEY, name, ResetPeriod.DAILY, null);
		Map<String, Sequence> counters = new ConcurrentHashMap<>();
		FormattedSequence sequence = new FormattedSequence(name,
				new SequenceFormat(format, ResetPeriod.DAILY, keyChecks), Clock.systemUTC(), ZoneOffset.UTC,
				(counter) -> counters.computeIfAbsent(counter, sequences::create));
		return () -> Long.parseLong(sequence.next());
	}

	private static LeasedWorker leaseWorker(ChildOptions options, ChildStores stores) throws InterruptedException {
		OneWorkerIdLeaseStore store = new OneWorkerIdLeaseStore(stores.workerLeaseStore());
		long deadline = System.nanoTime() + Duration.ofSeconds(ACQUIRE_SECONDS).toNanos();
		while (true) {
			try {
				LeasedWorkerSettings settings = new LeasedWorkerSettings(BitLayout.standard(), 0,
						options.getDuration("ttl"), options.getDuration("margin"),
						options.getDuration("maxBackwardWait"));
				return LeasedWorker.lease(store, settings, SequenceObserver.NONE);
			}
			catch (IllegalStateException ex) {
				if (System.nanoTime() - deadline >= 0) {
					throw ex;
				}
				Thread.sleep(100);
			}
		}
	}

	@Override
	public long getAsLong() {
		return this.ids.getAsLong();
	}

	@Override
	public void close() throws Exception {
		try {
			this.generator.close();
		}
		finally {
			this.stores.close();
		}
	}

}
