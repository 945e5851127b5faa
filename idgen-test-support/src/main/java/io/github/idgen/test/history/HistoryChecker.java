package io.github.idgen.test.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.idgen.test.history.HistoryRecorder.Outcome;

/**
 * Judges the history files that {@link HistoryRecorder}s wrote: every acknowledged ID
 * must be unique across all of them, and the IDs of each file (one thread of one
 * generator instance) must increase.
 */
public final class HistoryChecker {

	private static final int MAX_EXAMPLES = 10;

	private HistoryChecker() {
	}

	/**
	 * Check every history file in a directory and its subdirectories.
	 * @param directory where the history files are
	 * @return the report
	 */
	public static HistoryReport checkDirectory(Path directory) {
		try (Stream<Path> files = Files.walk(directory)) {
			return check(files.filter(Files::isRegularFile).toList());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not list " + directory, ex);
		}
	}

	/**
	 * Check history files.
	 * @param files the history files, one per thread and generator instance
	 * @return the report
	 */
	public static HistoryReport check(Collection<Path> files) {
		List<long[]> acknowledgedPerFile = new ArrayList<>();
		long attempted = 0;
		long unknown = 0;
		long monotonicityViolations = 0;
		long maxLatencyNanos = 0;
		Map<FailureType, Long> failures = new EnumMap<>(FailureType.class);
		List<String> examples = new ArrayList<>();
		LongList latencies = new LongList();
		for (Path file : files) {
			ByteBuffer history = read(file);
			LongList ids = new LongList();
			long previous = Long.MIN_VALUE;
			for (int slot = 0; slot + HistoryRecorder.SLOT_BYTES <= history
				.limit(); slot += HistoryRecorder.SLOT_BYTES) {
				long header = history.getLong(slot);
				if (header == 0) {
					break;
				}
				attempted++;
				Outcome outcome = Outcome.of((int) (header >>> 56));
				long value = history.getLong(slot + Long.BYTES);
				long latency = header & HistoryRecorder.LATENCY_MASK;
				if (outcome != Outcome.INVOKED) {
					latencies.add(latency);
					maxLatencyNanos = Math.max(maxLatencyNanos, latency);
				}
				switch (outcome) {
					case INVOKED -> unknown++;
					case FAILED -> failures.merge(FailureType.values()[(int) value], 1L, Long::sum);
					case OK -> {
						if (value <= previous) {
							monotonicityViolations++;
							addExample(examples, file.getFileName() + ": " + value + " after " + previous);
						}
						previous = value;
						ids.add(value);
					}
				}
			}
			acknowledgedPerFile.add(ids.toArray());
		}
		long[] all = concatenate(acknowledgedPerFile);
		Arrays.sort(all);
		long duplicates = 0;
		long largestGap = 0;
		for (int i = 1; i < all.length; i++) {
			if (all[i] == all[i - 1]) {
				duplicates++;
				addExample(examples, "duplicate " + all[i]);
			}
			else {
				largestGap = Math.max(largestGap, all[i] - all[i - 1] - 1);
			}
		}
		return new HistoryReport(attempted, all.length, unknown, failures, duplicates, monotonicityViolations,
				largestGap, percentile(latencies.toArray(), 0.999), maxLatencyNanos, examples);
	}

	/**
	 * Read the calls of one history file, from a slot on, up to the first slot never
	 * written. A file whose recorder still writes may be read: the calls recorded so far
	 * are returned, the last one perhaps {@link Outcome#INVOKED}, which lets a scenario
	 * note how far each file had come at a moment and judge the calls of each phase once
	 * the recorders are closed. While the recorder writes, only the outcome of a call
	 * read is certain: its ID and latency may not have reached this reader yet.
	 * @param file the history file
	 * @param from the index of the first call to read, 0 for the first of the file
	 * @return the calls from {@code from} on, in the order they were made
	 */
	public static List<RecordedCall> calls(Path file, int from) {
		ByteBuffer history = read(file);
		List<RecordedCall> calls = new ArrayList<>();
		for (long slot = (long) from * HistoryRecorder.SLOT_BYTES; slot + HistoryRecorder.SLOT_BYTES <= history
			.limit(); slot += HistoryRecorder.SLOT_BYTES) {
			long header = history.getLong((int) slot);
			if (header == 0) {
				break;
			}
			Outcome outcome = Outcome.of((int) (header >>> 56));
			long value = history.getLong((int) slot + Long.BYTES);
			long latency = header & HistoryRecorder.LATENCY_MASK;
			calls.add(switch (outcome) {
				case INVOKED -> new RecordedCall(outcome, 0, null, 0);
				case OK -> new RecordedCall(outcome, value, null, latency);
				case FAILED -> new RecordedCall(outcome, 0, FailureType.values()[(int) value], latency);
			});
		}
		return calls;
	}

	private static long percentile(long[] values, double fraction) {
		if (values.length == 0) {
			return 0;
		}
		Arrays.sort(values);
		return values[(int) Math.min(values.length - 1, Math.ceil(values.length * fraction) - 1)];
	}

	private static void addExample(List<String> examples, String example) {
		if (examples.size() < MAX_EXAMPLES) {
			examples.add(example);
		}
	}

	private static ByteBuffer read(Path file) {
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
			return channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read history file " + file, ex);
		}
	}

	private static long[] concatenate(List<long[]> arrays) {
		long[] all = new long[arrays.stream().mapToInt((array) -> array.length).sum()];
		int position = 0;
		for (long[] array : arrays) {
			System.arraycopy(array, 0, all, position, array.length);
			position += array.length;
		}
		return all;
	}

	/**
	 * A growable array of {@code long}s.
	 */
	private static final class LongList {

		private long[] values = new long[1024];

		private int size;

		void add(long value) {
			if (this.size == this.values.length) {
				this.values = Arrays.copyOf(this.values, this.size * 2);
			}
			this.values[this.size++] = value;
		}

		long[] toArray() {
			return Arrays.copyOf(this.values, this.size);
		}

	}

}
