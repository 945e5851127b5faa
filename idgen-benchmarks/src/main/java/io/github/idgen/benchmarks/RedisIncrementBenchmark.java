package io.github.idgen.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.redis.RedisIncrementSequence;
import io.github.idgen.redis.RedisKeys;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.segment.SequenceBounds;

/**
 * The Redis {@code increment} mode: {@link RedisIncrementSequence#next()} on the shared
 * Lettuce connection, at 1, 8 and 64 calling threads, which combines the callers waiting
 * at the time into one reservation; next to one reservation per call, as increment mode
 * ran before it combined callers ({@link RedisSegmentStore#allocate} of one ID); next to
 * a bare Lettuce {@code INCR}, the floor of any Java client on the same connection model;
 * next to the reserve script run with a bare Lettuce {@code EVALSHA}, the floor of a
 * reservation with idgen's checks; and to set next to
 * {@code redis-benchmark -t incr -c 1} and {@code -c 8} run against the same server in
 * the same session (and {@code -c 64} for 64 threads, more callers than a round trip of
 * one client serves, where combining passes the server's per-command limit). Needs a
 * Redis server; {@code -p url=redis://host:port} points at it.
 */
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 4, time = 2)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
public class RedisIncrementBenchmark {

	/**
	 * The Redis server to benchmark against.
	 */
	@Param("redis://127.0.0.1:6379")
	public String url;

	private LettuceConnectionFactory connectionFactory;

	private RedisIncrementSequence sequence;

	private RedisSegmentStore store;

	private String storeSequence;

	private RedisClient client;

	private StatefulRedisConnection<String, String> lettuce;

	private String lettuceKey;

	private String reserveScriptSha;

	private String[] reserveScriptKeys;

	private String[] reserveScriptArguments;

	/**
	 * Connect and create the sequence.
	 */
	@Setup(Level.Trial)
	public void connect() {
		this.connectionFactory = new LettuceConnectionFactory(
				LettuceConnectionFactory.createRedisConfiguration(this.url));
		this.connectionFactory.afterPropertiesSet();
		this.connectionFactory.start();
		RedisKeys keys = new RedisKeys("idgen-benchmark:");
		this.sequence = new RedisIncrementSequence(this.connectionFactory, keys, "order-" + System.nanoTime(), 1);
		this.store = new RedisSegmentStore(this.connectionFactory, keys);
		this.storeSequence = "per-call-" + System.nanoTime();
		this.client = RedisClient.create(this.url);
		this.lettuce = this.client.connect();
		this.lettuceKey = "idgen-benchmark:lettuce-" + System.nanoTime();
		this.reserveScriptSha = this.lettuce.sync().scriptLoad(reserveScript());
		String counter = keys.counter("lettuce-script-" + System.nanoTime());
		this.reserveScriptKeys = new String[] { counter, counter + ":guard", counter + ":server" };
		this.reserveScriptArguments = new String[] { "1", Long.toString(SequenceBounds.MAX_ID - 1), "0",
				Long.toString(SequenceBounds.MAX_ID), "unbounded", "0", "0", "0", "", "" };
	}

	private static String reserveScript() {
		try (InputStream script = RedisSegmentStore.class.getResourceAsStream("reserve.lua")) {
			return new String(script.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Disconnect.
	 */
	@TearDown(Level.Trial)
	public void disconnect() {
		this.connectionFactory.destroy();
		this.lettuce.close();
		this.client.shutdown();
	}

	/**
	 * One ID, one calling thread.
	 * @return the ID
	 */
	@Benchmark
	@Threads(1)
	public long incrementOneThread() {
		return this.sequence.next();
	}

	/**
	 * One reservation per call, without combining, one calling thread.
	 * @return the ID
	 */
	@Benchmark
	@Threads(1)
	public long reservationPerCallOneThread() {
		return this.store.allocate(this.storeSequence, 1, SequenceBounds.startingAt(1)).start();
	}

	/**
	 * One reservation per call, without combining, eight calling threads sharing the
	 * connection.
	 * @return the ID
	 */
	@Benchmark
	@Threads(8)
	public long reservationPerCallEightThreads() {
		return this.store.allocate(this.storeSequence, 1, SequenceBounds.startingAt(1)).start();
	}

	/**
	 * The floor of a reservation with idgen's checks: the reserve script run with a bare
	 * Lettuce {@code EVALSHA}, reserving one ID of a counter no instance knows, one
	 * calling thread.
	 * @return the script's reply
	 */
	@Benchmark
	@Threads(1)
	public Object lettuceReserveScriptOneThread() {
		return this.lettuce.sync()
			.evalsha(this.reserveScriptSha, ScriptOutputType.MULTI, this.reserveScriptKeys,
					this.reserveScriptArguments);
	}

	/**
	 * The client's floor: a bare Lettuce {@code INCR} on one shared connection, one
	 * calling thread.
	 * @return the value
	 */
	@Benchmark
	@Threads(1)
	public long lettuceOneThread() {
		return this.lettuce.sync().incr(this.lettuceKey);
	}

	/**
	 * The client's floor: a bare Lettuce {@code INCR} on one shared connection, eight
	 * calling threads.
	 * @return the value
	 */
	@Benchmark
	@Threads(8)
	public long lettuceEightThreads() {
		return this.lettuce.sync().incr(this.lettuceKey);
	}

	/**
	 * One ID, eight calling threads sharing the connection.
	 * @return the ID
	 */
	@Benchmark
	@Threads(8)
	public long incrementEightThreads() {
		return this.sequence.next();
	}

	/**
	 * One ID, 64 calling threads sharing the connection: more callers than round trips,
	 * where one reservation serves many.
	 * @return the ID
	 */
	@Benchmark
	@Threads(64)
	public long incrementSixtyFourThreads() {
		return this.sequence.next();
	}

	/**
	 * One reservation per call, without combining, 64 calling threads sharing the
	 * connection.
	 * @return the ID
	 */
	@Benchmark
	@Threads(64)
	public long reservationPerCallSixtyFourThreads() {
		return this.store.allocate(this.storeSequence, 1, SequenceBounds.startingAt(1)).start();
	}

	/**
	 * The client's floor: a bare Lettuce {@code INCR} on one shared connection, 64
	 * calling threads.
	 * @return the value
	 */
	@Benchmark
	@Threads(64)
	public long lettuceSixtyFourThreads() {
		return this.lettuce.sync().incr(this.lettuceKey);
	}

}
