package io.github.idgen.segment;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceObserver;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.test.VirtualThreads;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Callers on virtual threads that wait for the segments of a slow store, fetched on
 * virtual threads of idgen's own, pin no carrier thread in idgen's code. A JFR recording
 * of {@code jdk.VirtualThreadPinned} with no threshold runs while 500 virtual threads
 * draw 20,000 IDs from one sequence whose store takes 5 ms per segment of 100 IDs, so
 * that callers wait for nearly every segment; no pinned event may have an idgen frame on
 * its stack. A virtual thread that parks in a class initializer, which pins on every JDK,
 * runs first as a control: its event must be recorded, or the recording could not have
 * seen a pin at all.
 * <p>
 * On JDK 24 and later a virtual thread no longer pins in or on a monitor (JEP 491), so
 * this recording cannot see the monitors that pin on JDK 21 to 23 (there,
 * {@code -Djdk.tracePinnedThreads=full} prints them too); {@code NoMonitorTests} of the
 * auto-configuration keeps monitors out of idgen's bytecode for those JDKs.
 */
@Tag(VirtualThreads.TAG)
@EnabledForJreRange(min = JRE.JAVA_21)
class VirtualThreadPinningTest {

	private static final int CALLERS = 500;

	private static final int IDS_PER_CALLER = 40;

	private static final long STEP = 100;

	@TempDir
	Path directory;

	@Test
	void callersWaitingForSegmentsOfASlowStorePinNoCarrierInIdgen() throws Exception {
		Path file = this.directory.resolve("pinning.jfr");
		AtomicInteger waits = new AtomicInteger();
		List<long[]> drawn = new ArrayList<>();
		try (Recording recording = new Recording()) {
			recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
			recording.start();
			Thread control = VirtualThreads.factory("pinning-control-").newThread(PinningControl::initialize);
			control.start();
			control.join();
			drawn.addAll(drawOnVirtualThreads(waits));
			recording.stop();
			recording.dump(file);
		}
		List<RecordedEvent> pinned = RecordingFile.readAllEvents(file)
			.stream()
			.filter((event) -> event.getEventType().getName().equals("jdk.VirtualThreadPinned"))
			.toList();
		assertThat(pinned).as("pinned events of the control").anyMatch((event) -> hasFrameOf(event, "PinningControl"));
		List<String> inIdgen = pinned.stream()
			.filter((event) -> !hasFrameOf(event, "PinningControl"))
			.filter((event) -> frames(event).stream().anyMatch(VirtualThreadPinningTest::isIdgenFrame))
			.map(VirtualThreadPinningTest::describe)
			.toList();
		assertThat(inIdgen).as("pinned events with an idgen frame").isEmpty();
		assertThat(waits).as("callers that waited for a segment").hasValueGreaterThan(CALLERS);
		Set<Long> unique = new HashSet<>();
		drawn.forEach((ids) -> {
			for (long id : ids) {
				assertThat(unique.add(id)).as("ID %d issued once", id).isTrue();
			}
		});
		assertThat(unique).hasSize(CALLERS * IDS_PER_CALLER);
	}

	private List<long[]> drawOnVirtualThreads(AtomicInteger waits) throws InterruptedException {
		SequenceObserver observer = new SequenceObserver() {

			@Override
			public void waited(String sequence, Duration waited) {
				waits.incrementAndGet();
			}

		};
		SegmentSettings settings = new SegmentSettings(1, STEP, new StepPolicy(STEP, STEP, Duration.ofDays(1)), 0.5,
				Duration.ofSeconds(60));
		SegmentSequences sequences = new SegmentSequences(new SlowStore(), settings, Map.of(), observer,
				BackgroundThreads.of(VirtualThreads.factory("idgen-fetch-")));
		try (DefaultIdGenerator generator = new DefaultIdGenerator(sequences, Set.of("order"), "order",
				UnknownSequencePolicy.REJECT)) {
			Sequence order = generator.sequence("order");
			List<long[]> drawn = new ArrayList<>();
			List<Thread> callers = new ArrayList<>();
			for (int i = 0; i < CALLERS; i++) {
				long[] ids = new long[IDS_PER_CALLER];
				drawn.add(ids);
				callers.add(VirtualThreads.factory("caller-").newThread(() -> {
					for (int j = 0; j < IDS_PER_CALLER; j++) {
						ids[j] = order.next();
					}
				}));
			}
			callers.forEach(Thread::start);
			for (Thread caller : callers) {
				caller.join(TimeUnit.MINUTES.toMillis(1));
				assertThat(caller.isAlive()).as("caller done within a minute").isFalse();
			}
			return drawn;
		}
	}

	private static boolean hasFrameOf(RecordedEvent event, String simpleClassName) {
		return frames(event).stream().anyMatch((frame) -> className(frame).endsWith("$" + simpleClassName));
	}

	private static boolean isIdgenFrame(RecordedFrame frame) {
		return className(frame).startsWith("io.github.idgen.")
				&& !className(frame).startsWith(VirtualThreadPinningTest.class.getName());
	}

	private static List<RecordedFrame> frames(RecordedEvent event) {
		return (event.getStackTrace() != null) ? event.getStackTrace().getFrames() : List.of();
	}

	private static String className(RecordedFrame frame) {
		return frame.getMethod().getType().getName();
	}

	private static String describe(RecordedEvent event) {
		return frames(event).stream()
			.map((frame) -> className(frame) + "." + frame.getMethod().getName() + ":" + frame.getLineNumber())
			.collect(Collectors.joining("\n\t", "pinned for " + event.getDuration() + " at\n\t", ""));
	}

	/**
	 * A store that takes 5 ms per segment, parking its thread as a network round trip
	 * would.
	 */
	private static final class SlowStore extends InMemorySegmentStore {

		@Override
		public Segment allocate(String sequence, long step, SequenceBounds bounds) {
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
			return super.allocate(sequence, step, bounds);
		}

	}

	/**
	 * Parks in its class initializer, which pins a virtual thread on every JDK.
	 */
	private static final class PinningControl {

		static {
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
		}

		static void initialize() {
		}

	}

}
