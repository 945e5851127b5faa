package io.github.idgen.mongo;

import com.mongodb.WriteConcern;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.segment.AbstractBoundedSegmentStoreTest;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.TestBackends;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.junit.jupiter.api.Test;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for bounded and cyclic sequences of {@link MongoSegmentStore}, against the
 * backend that {@link TestBackends#mongo()} resolves. The inherited suite includes the
 * seed's check: 20 threads × 100 calls on a cyclic counter with max-value 2000 hand out
 * every value from 1 to 2000 exactly once, cycle after cycle, five cycles in all.
 */
class MongoBoundedSegmentStoreTest extends AbstractBoundedSegmentStoreTest {

	private static final String COLLECTION = "idgen_bounded_test";

	@Override
	protected SegmentStore createStore() {
		return new MongoSegmentStore(TestBackends.mongo(), COLLECTION, WriteConcern.MAJORITY);
	}

	private static BsonDocument counter(String sequence) {
		return CounterDocument.read(COLLECTION, sequence);
	}

	@Test
	void cutSegmentKeepsTheDocumentShape() {
		String sequence = uniqueName("cut-shape");
		SequenceBounds bounds = new SequenceBounds(1, 25, false);
		SegmentStore store = createStore();
		store.allocate(sequence, 10, bounds);
		store.allocate(sequence, 10, bounds);
		assertThat(store.allocate(sequence, 10, bounds)).isEqualTo(new Segment(21, 26));
		BsonDocument document = counter(sequence);
		assertThat(document.get("value").getBsonType()).isEqualTo(BsonType.INT64);
		assertThat(document.getInt64("value").getValue()).isEqualTo(25);
		assertThat(document.get("step").getBsonType()).isEqualTo(BsonType.INT64);
		assertThat(document.getInt64("step").getValue()).isEqualTo(5);
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> store.allocate(sequence, 1, bounds))
			.withMessageContaining("25");
		assertThat(counter(sequence).getInt64("value").getValue()).isEqualTo(25);
	}

	@Test
	void cyclicSequenceNearLastIdWrapsExactly() {
		String sequence = uniqueName("cyclic-last-id");
		long max = SequenceBounds.MAX_ID;
		SequenceBounds bounds = new SequenceBounds(max - 4, max, true);
		SegmentStore store = createStore();
		assertThat(store.allocate(sequence, 3, bounds)).isEqualTo(new Segment(max - 4, max - 1));
		assertThat(store.allocate(sequence, 3, bounds)).isEqualTo(new Segment(max - 1, max + 1));
		assertThat(store.allocate(sequence, 3, bounds)).isEqualTo(new Segment(max - 4, max - 1));
	}

}
