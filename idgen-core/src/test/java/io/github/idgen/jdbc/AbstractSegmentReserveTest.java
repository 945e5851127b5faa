package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.Concurrently;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SegmentSequences#reserve}: segments reserved straight from a JDBC
 * store, beside the buffers that serve the same sequence, on one database.
 */
abstract class AbstractSegmentReserveTest {

	private static final String TABLE = "idgen_segment_reserve";

	private static final int THREADS = 8;

	private static final int ROUNDS = 200;

	/**
	 * Return the database under test. The same one on every call.
	 * @return the data source
	 */
	protected abstract DataSource dataSource();

	@BeforeEach
	void createSchema() {
		new JdbcSegmentSchema(dataSource(), TABLE).createIfMissing();
	}

	@Test
	void reservedSegmentsAndBufferedIdsOfTwoInstancesNeverOverlap() throws Exception {
		String name = uniqueName("reserve");
		try (SegmentSequences first = sequences(Map.of()); SegmentSequences second = sequences(Map.of())) {
			List<SegmentSequences> instances = List.of(first, second);
			List<Sequence> buffers = List.of(first.create(name), second.create(name));
			List<Callable<List<Long>>> tasks = new ArrayList<>();
			for (int thread = 0; thread < THREADS; thread++) {
				int index = thread;
				tasks.add(() -> (index % 2 == 0) ? reserveSegments(instances.get(index / 2 % 2), name)
						: drawIds(buffers.get(index / 2 % 2)));
			}
			List<Long> all = Concurrently.runTogether(tasks).stream().flatMap(List::stream).toList();
			Set<Long> unique = new HashSet<>(all);
			assertThat(unique).hasSize(all.size());
			assertThat(all).hasSizeGreaterThan(THREADS * ROUNDS);
		}
	}

	@Test
	void segmentsKeepTheSequenceBoundsAndEndWithTheMaxValue() {
		String name = uniqueName("bounded");
		SegmentSettings bounded = settings(new SequenceBounds(100, 150, false));
		try (SegmentSequences sequences = sequences(Map.of(name, bounded))) {
			assertThat(sequences.reserve(name, 40)).isEqualTo(new Segment(100, 140));
			assertThat(sequences.reserve(name, 40)).isEqualTo(new Segment(140, 151));
			assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> sequences.reserve(name, 1));
		}
	}

	@Test
	void aCyclicSequenceStartsAgainAfterItsMaxValue() {
		String name = uniqueName("cyclic");
		try (SegmentSequences sequences = sequences(Map.of(name, settings(new SequenceBounds(1, 10, true))))) {
			assertThat(sequences.reserve(name, 8)).isEqualTo(new Segment(1, 9));
			assertThat(sequences.reserve(name, 8)).isEqualTo(new Segment(9, 11));
			assertThat(sequences.reserve(name, 8)).isEqualTo(new Segment(1, 9));
		}
	}

	@Test
	void theBufferContinuesAboveAReservedSegment() {
		String name = uniqueName("after");
		try (SegmentSequences sequences = sequences(Map.of())) {
			Segment reserved = sequences.reserve(name, 500);
			assertThat(reserved).isEqualTo(new Segment(1, 501));
			assertThat(sequences.create(name).next()).isGreaterThan(reserved.last());
		}
	}

	@Test
	void aSizeBelowOneIsRefusedBeforeTheStoreIsAsked() {
		String name = uniqueName("refused");
		try (SegmentSequences sequences = sequences(Map.of())) {
			assertThatIllegalArgumentException().isThrownBy(() -> sequences.reserve(name, 0))
				.withMessage("size must be at least 1 but was 0");
			assertThat(new JdbcSegmentStore(dataSource(), TABLE).counter(name)).isEmpty();
		}
	}

	private List<Long> reserveSegments(SegmentSequences sequences, String name) {
		List<Long> ids = new ArrayList<>();
		for (int round = 0; round < ROUNDS; round++) {
			Segment segment = sequences.reserve(name, ThreadLocalRandom.current().nextLong(1, 50));
			for (long id = segment.start(); id < segment.end(); id += segment.stride()) {
				ids.add(id);
			}
		}
		return ids;
	}

	private static List<Long> drawIds(Sequence sequence) {
		List<Long> ids = new ArrayList<>();
		for (int round = 0; round < ROUNDS; round++) {
			for (long id : sequence.next(ThreadLocalRandom.current().nextInt(1, 30))) {
				ids.add(id);
			}
		}
		return ids;
	}

	private SegmentSequences sequences(Map<String, SegmentSettings> configured) {
		return new SegmentSequences(new JdbcSegmentStore(dataSource(), TABLE), settings(SequenceBounds.startingAt(1)),
				configured);
	}

	private static SegmentSettings settings(SequenceBounds bounds) {
		return new SegmentSettings(bounds, 10, new StepPolicy(10, 1000, Duration.ofMinutes(15)), 0.5,
				Duration.ofSeconds(10));
	}

}
