package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.CounterLostException;
import io.github.idgen.UnknownSequencePolicy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A {@link SegmentBuffer} does not trust its store blindly: a segment that overlaps the
 * last one of a sequence that does not cycle, one past the sequence's max-value, or none
 * at all is refused with a typed exception, and not one of its IDs is served.
 */
class SegmentBufferStoreGuardTest {

	private final List<SegmentIdGenerator> generators = new ArrayList<>();

	@AfterEach
	void close() {
		this.generators.forEach(SegmentIdGenerator::close);
	}

	@Test
	void aSegmentThatOverlapsTheLastOneIsRefusedAndNoIdIsServedTwice() {
		ScriptedStore store = new ScriptedStore(new Segment(1, 41), new Segment(11, 51), new Segment(51, 91));
		SegmentIdGenerator generator = generator(store, settings(SequenceBounds.startingAt(1), 40));
		Set<Long> served = new HashSet<>();
		for (int i = 0; i < 40; i++) {
			assertThat(served.add(generator.nextId("order"))).isTrue();
		}
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> generator.nextId("order"))
			.withMessageContaining("'order'")
			.withMessageContaining("[11, 51)")
			.withMessageContaining("[1, 41)");
		assertThat(generator.sequenceStates().get(0).lastFailure()).contains("[11, 51)");
	}

	@Test
	void aSegmentPastTheMaxValueIsRefusedAndNoIdAboveItIsServed() {
		ScriptedStore store = new ScriptedStore(new Segment(1, 11), new Segment(11, 21));
		SegmentIdGenerator generator = generator(store, settings(new SequenceBounds(1, 15, false), 10));
		for (long expected = 1; expected <= 10; expected++) {
			assertThat(generator.nextId("ticket")).isEqualTo(expected);
		}
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> generator.nextId("ticket"))
			.withMessageContaining("'ticket'")
			.withMessageContaining("[11, 21)")
			.withMessageContaining("max-value 15");
	}

	@Test
	void noSegmentAtAllIsATypedFailure() {
		ScriptedStore store = new ScriptedStore((Segment) null);
		SegmentIdGenerator generator = generator(store, settings(SequenceBounds.startingAt(1), 10));
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> generator.nextId("order"))
			.withMessageContaining("'order'")
			.withMessageContaining("no segment");
	}

	@Test
	void aCyclicSequenceStartsAgainAfterItsMaxValue() {
		SegmentIdGenerator generator = generator(new InMemorySegmentStore(),
				settings(new SequenceBounds(1, 25, true), 10));
		long[] ids = generator.nextIds("ticket", 60);
		assertThat(ids[24]).isEqualTo(25);
		assertThat(ids[25]).as("the first ID of the second cycle").isEqualTo(1);
		assertThat(ids[59]).isEqualTo(10);
	}

	@Test
	void stripedSegmentsEachAboveTheLastAreServed() {
		ScriptedStore store = new ScriptedStore(new Segment(1, 29, 3), new Segment(32, 60, 3), new Segment(62, 90, 3));
		SegmentIdGenerator generator = generator(store, settings(SequenceBounds.startingAt(1), 10));
		long[] ids = generator.nextIds("order", 30);
		assertThat(ids[0]).isEqualTo(1);
		assertThat(ids[10]).isEqualTo(32);
		assertThat(ids[29]).isEqualTo(89);
	}

	@Test
	void theSameSegmentTwiceIsRefused() {
		ScriptedStore store = new ScriptedStore(new Segment(5, 15), new Segment(5, 15));
		SegmentIdGenerator generator = generator(store, settings(SequenceBounds.startingAt(1), 10));
		generator.nextIds("order", 10);
		assertThatExceptionOfType(CounterLostException.class).isThrownBy(() -> generator.nextId("order"));
	}

	private SegmentIdGenerator generator(SegmentStore store, SegmentSettings settings) {
		SegmentIdGenerator generator = new SegmentIdGenerator(store, settings, Map.of(), "default",
				UnknownSequencePolicy.CREATE);
		this.generators.add(generator);
		return generator;
	}

	private static SegmentSettings settings(SequenceBounds bounds, long step) {
		return new SegmentSettings(bounds, step, new StepPolicy(step, step, Duration.ofDays(1)), 0.5,
				Duration.ofSeconds(2));
	}

	/**
	 * A faulty store that hands out the segments it was given, in order, whatever its
	 * counter should say; then none (a transient failure).
	 */
	private static final class ScriptedStore implements SegmentStore {

		private final ConcurrentLinkedQueue<Object> segments = new ConcurrentLinkedQueue<>();

		ScriptedStore(Segment... segments) {
			for (Segment segment : segments) {
				this.segments.add((segment != null) ? segment : "null");
			}
		}

		@Override
		public Segment allocate(String sequence, long step, SequenceBounds bounds) {
			Object next = this.segments.poll();
			if (next == null) {
				throw new BackendUnavailableException("no more segments scripted");
			}
			return (next instanceof Segment segment) ? segment : null;
		}

		@Override
		public void checkAvailable() {
		}

	}

}
