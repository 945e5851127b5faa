package io.github.idgen.faults.process;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.test.history.HistoryRecorder;
import io.github.idgen.test.history.HistoryRecorder.Outcome;

/**
 * A generator in a child JVM, started by {@link ChildJvm} for the process fault
 * scenarios: it draws IDs from a {@link ChildIdSource} on several threads, each recording
 * every call in a history file of its own, {@code <history>/<incarnation>-t<n>}.
 * <p>
 * Options ({@code key=value} arguments, see {@link ChildOptions}), besides those of
 * {@link ChildIdSource} and {@link ChildStores}: {@code history}, {@code incarnation},
 * {@code threads}, {@code pace} (the calls between two pauses of a millisecond, which
 * keep the history files small; a failed call pauses too) and {@code capacity} (the most
 * calls per history file; a thread whose file is full stops).
 * <p>
 * It prints {@code READY} once every thread has recorded a call, and generates until it
 * is killed or its standard input ends: then it stops the threads, closes the source
 * (releasing a leased worker id), prints {@code STOPPED} and exits. So a child whose
 * parent dies stops too.
 */
public final class GeneratorProcess {

	private static final long PAUSE_NANOS = 1_000_000;

	private GeneratorProcess() {
	}

	/**
	 * Generate until the standard input ends.
	 * @param args the options, as {@code key=value}
	 * @throws Exception if the source cannot be opened or closed
	 */
	public static void main(String[] args) throws Exception {
		ChildOptions options = ChildOptions.parse(args);
		int threads = options.getInt("threads");
		CountDownLatch recorded = new CountDownLatch(threads);
		AtomicBoolean stopping = new AtomicBoolean();
		try (ChildIdSource source = ChildIdSource.open(options)) {
			List<Thread> generators = new ArrayList<>();
			for (int i = 0; i < threads; i++) {
				Path file = options.getPath("history").resolve(options.get("incarnation") + "-t" + i);
				Thread generator = new Thread(() -> generate(source, file, options, recorded, stopping),
						"generator-" + i);
				generator.start();
				generators.add(generator);
			}
			recorded.await();
			System.out.println("READY");
			System.in.transferTo(OutputStream.nullOutputStream());
			stopping.set(true);
			for (Thread generator : generators) {
				generator.join();
			}
		}
		System.out.println("STOPPED");
		System.exit(0);
	}

	private static void generate(ChildIdSource source, Path file, ChildOptions options, CountDownLatch recorded,
			AtomicBoolean stopping) {
		int pace = options.getInt("pace");
		try (HistoryRecorder recorder = HistoryRecorder.create(file, options.getInt("capacity"))) {
			long calls = 0;
			while (!stopping.get()) {
				if (!recorder.hasCapacity()) {
					System.out.println("History file " + file + " is full");
					return;
				}
				Outcome outcome = recorder.record(source);
				if (++calls == 1) {
					recorded.countDown();
				}
				if (calls % pace == 0 || outcome == Outcome.FAILED) {
					LockSupport.parkNanos(PAUSE_NANOS);
				}
			}
		}
	}

}
