package io.github.idgen.test.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.LongSupplier;

/**
 * Records the calls of one thread of one generator instance to a history file, so that a
 * {@link HistoryChecker} can judge them afterwards, even if the process was killed.
 * <p>
 * The file is memory-mapped: every record is in the operating system's page cache as soon
 * as it is written, so it survives {@code kill -9} of the writing process (not a crash of
 * the machine). A record is a 16-byte slot: a header {@code long} holding the
 * {@link Outcome} in the top byte and the call's latency in nanoseconds in the rest, and
 * a value {@code long} holding the ID, or the {@link FailureType} ordinal of a failure. A
 * call first writes an {@link Outcome#INVOKED} slot; its completion writes the value
 * first and the header last, so a process killed in between leaves the call
 * {@code INVOKED}, which the checker counts as unknown. An all-zero slot ends the
 * history.
 * <p>
 * Not thread-safe: one recorder per thread.
 */
public final class HistoryRecorder implements AutoCloseable {

	static final int SLOT_BYTES = 16;

	static final long LATENCY_MASK = (1L << 56) - 1;

	private final FileChannel channel;

	private final MappedByteBuffer buffer;

	private final int capacity;

	private int size;

	private HistoryRecorder(FileChannel channel, MappedByteBuffer buffer, int capacity) {
		this.channel = channel;
		this.buffer = buffer;
		this.capacity = capacity;
	}

	/**
	 * Create a history file for at most {@code capacity} calls. The file is sparse: only
	 * the calls recorded take disk space.
	 * @param file the file, which must not exist
	 * @param capacity the most calls the file can record
	 * @return the recorder
	 */
	public static HistoryRecorder create(Path file, int capacity) {
		if (capacity < 1 || (long) capacity * SLOT_BYTES > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("capacity must be between 1 and " + Integer.MAX_VALUE / SLOT_BYTES);
		}
		try {
			FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
					StandardOpenOption.WRITE, StandardOpenOption.SPARSE);
			MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_WRITE, 0, (long) capacity * SLOT_BYTES);
			return new HistoryRecorder(channel, buffer, capacity);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not create history file " + file, ex);
		}
	}

	/**
	 * Call {@code generator} once and record the call: invoked before it, then its ID or
	 * the type of its failure, with the latency.
	 * @param generator the call that returns an ID
	 * @return the outcome of the call: {@link Outcome#OK} or {@link Outcome#FAILED}
	 * @throws IllegalStateException if the file is full
	 */
	public Outcome record(LongSupplier generator) {
		int slot = invoke();
		long started = System.nanoTime();
		try {
			long id = generator.getAsLong();
			complete(slot, Outcome.OK, id, System.nanoTime() - started);
			return Outcome.OK;
		}
		catch (RuntimeException ex) {
			complete(slot, Outcome.FAILED, FailureType.of(ex).ordinal(), System.nanoTime() - started);
			return Outcome.FAILED;
		}
	}

	/**
	 * Return whether the file has room for another call.
	 * @return whether {@link #record} can be called again
	 */
	public boolean hasCapacity() {
		return this.size < this.capacity;
	}

	/**
	 * Record that a call begins, without completing it.
	 * @return the call's slot
	 */
	int invoke() {
		if (!hasCapacity()) {
			throw new IllegalStateException("History file is full after " + this.capacity + " calls");
		}
		int slot = this.size++;
		this.buffer.putLong(slot * SLOT_BYTES, header(Outcome.INVOKED, 0));
		return slot;
	}

	private void complete(int slot, Outcome outcome, long value, long latencyNanos) {
		this.buffer.putLong(slot * SLOT_BYTES + Long.BYTES, value);
		this.buffer.putLong(slot * SLOT_BYTES, header(outcome, latencyNanos));
	}

	private static long header(Outcome outcome, long latencyNanos) {
		return ((long) outcome.code << 56) | Math.min(Math.max(latencyNanos, 0), LATENCY_MASK);
	}

	@Override
	public void close() {
		try {
			this.channel.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * What became of a recorded call.
	 */
	public enum Outcome {

		/** The call began and did not complete (yet): the checker counts it unknown. */
		INVOKED(1),

		/** The call returned an ID. */
		OK(2),

		/** The call threw. */
		FAILED(3);

		final int code;

		Outcome(int code) {
			this.code = code;
		}

		static Outcome of(int code) {
			for (Outcome outcome : values()) {
				if (outcome.code == code) {
					return outcome;
				}
			}
			throw new IllegalArgumentException("No outcome with code " + code);
		}

	}

}
