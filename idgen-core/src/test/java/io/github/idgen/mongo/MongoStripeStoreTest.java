package io.github.idgen.mongo;

import java.util.Map;
import java.util.OptionalLong;

import javax.sql.DataSource;

import com.mongodb.WriteConcern;
import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.striped.AbstractStripeStoreTest;
import io.github.idgen.segment.striped.MixedStripes;
import io.github.idgen.segment.striped.StripeStore;
import io.github.idgen.test.TestBackends;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.springframework.data.mongodb.core.MongoTemplate;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The {@link AbstractStripeStoreTest} suite for {@link MongoSegmentStore} plus the
 * MongoDB specifics, against the backend that {@link TestBackends#mongo()} resolves.
 * Tests that read every counter use a collection of their own and drop it.
 */
class MongoStripeStoreTest extends AbstractStripeStoreTest {

	private static final String COLLECTION = "idgen_test_stripe_counters";

	@Override
	protected StripeStore createStore() {
		return new MongoSegmentStore(TestBackends.mongo(), COLLECTION, WriteConcern.MAJORITY);
	}

	@Test
	void counterIsTheDocumentOfTheSequenceSoThatAStoreThatServedAloneCanBecomeAStripe() {
		String sequence = uniqueName("alone");
		MongoSegmentStore store = (MongoSegmentStore) createStore();
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(store.read(sequence)).hasValue(10);
		assertThat(store.compareAndSet(sequence, OptionalLong.of(10), 30)).isTrue();
		assertThat(((MongoSegmentStore) createStore()).allocate(sequence, 10, 1)).isEqualTo(new Segment(31, 41));
		assertThat(store.read(sequence)).hasValue(40);
	}

	@Test
	void compareAndSetWritesA64BitIntegerAndTheStep() {
		String counter = uniqueName("shape");
		StripeStore store = createStore();
		store.compareAndSet(counter, OptionalLong.empty(), 5);
		BsonDocument created = CounterDocument.read(COLLECTION, counter);
		assertThat(created.get("value").getBsonType()).isEqualTo(BsonType.INT64);
		assertThat(created.getInt64("value").getValue()).isEqualTo(5);
		assertThat(created.getInt64("step").getValue()).isZero();
		store.compareAndSet(counter, OptionalLong.of(5), 12);
		BsonDocument set = CounterDocument.read(COLLECTION, counter);
		assertThat(set.get("value").getBsonType()).isEqualTo(BsonType.INT64);
		assertThat(set.getInt64("value").getValue()).isEqualTo(12);
		assertThat(set.getInt64("step").getValue()).isEqualTo(7);
	}

	@Test
	void readAllReturnsTheCountersOfTheCollectionAndSkipsOtherDocuments() {
		MongoTemplate mongo = TestBackends.mongo();
		String collection = uniqueName("idgen_test_stripes_all");
		try {
			StripeStore store = new MongoSegmentStore(mongo, collection, WriteConcern.MAJORITY);
			store.compareAndSet("first", OptionalLong.empty(), 3);
			store.compareAndSet("second@20261126", OptionalLong.empty(), 7_000_000_000L);
			mongo.getCollection(collection).insertOne(new Document("_id", 42).append("value", 9L));
			assertThat(store.readAll()).isEqualTo(Map.of("first", 3L, "second@20261126", 7_000_000_000L));
		}
		finally {
			mongo.dropCollection(collection);
		}
	}

	@Test
	void counterWhoseValueIsNoLongIsRefused() {
		MongoTemplate mongo = TestBackends.mongo();
		String collection = uniqueName("idgen_test_stripes_double");
		try {
			StripeStore store = new MongoSegmentStore(mongo, collection, WriteConcern.MAJORITY);
			mongo.getCollection(collection).insertOne(new Document("_id", "inexact").append("value", 12.5));
			assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> store.read("inexact"))
				.withMessageContaining("'inexact'")
				.withMessageContaining("12.5")
				.withMessageContaining("NumberLong");
			assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(store::readAll)
				.withMessageContaining("'inexact'")
				.withMessageContaining("NumberLong");
		}
		finally {
			mongo.dropCollection(collection);
		}
	}

	@Test
	void stripedStoreOverMongoAndH2HandsOutDistinctIdsFromBoth() throws Exception {
		MongoTemplate mongo = TestBackends.mongo();
		String collection = uniqueName("idgen_test_mixed");
		String table = "idgen_mixed_stripes";
		DataSource h2 = TestBackends.h2();
		new JdbcSegmentSchema(h2, table).createIfMissing();
		try {
			MixedStripes.assertDistinctIdsFromBothStores(
					() -> new MongoSegmentStore(mongo, collection, WriteConcern.MAJORITY),
					() -> new JdbcSegmentStore(h2, table));
		}
		finally {
			mongo.dropCollection(collection);
		}
	}

}
