package io.github.idgen.mongo;

import java.time.Duration;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.mongodb.MongoClientSettings;
import com.mongodb.ServerAddress;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.segment.AbstractSegmentStoreTest;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.test.TestBackends;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.springframework.data.mongodb.core.MongoTemplate;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The {@link AbstractSegmentStoreTest} suite plus the MongoDB specifics, against the
 * backend that {@link TestBackends#mongo()} resolves. Every test uses sequence names of
 * its own, so documents never collide.
 */
class MongoSegmentStoreTest extends AbstractSegmentStoreTest {

	private static final long LAST_ID = Long.MAX_VALUE - 1;

	private static final String COLLECTION = "idgen_test_counters";

	@Override
	protected SegmentStore createStore() {
		return new MongoSegmentStore(TestBackends.mongo(), COLLECTION, WriteConcern.MAJORITY);
	}

	private static BsonDocument counter(String sequence) {
		return CounterDocument.read(COLLECTION, sequence);
	}

	@Test
	void allocateStoresOneDocumentWithLongValue() {
		String sequence = uniqueName("shape");
		createStore().allocate(sequence, 10, 100);
		createStore().allocate(sequence, 7, 100);
		BsonDocument document = counter(sequence);
		assertThat(document.keySet()).containsExactlyInAnyOrder("_id", "value", "step", "updatedAt");
		assertThat(document.getString("_id").getValue()).isEqualTo(sequence);
		assertThat(document.get("value").getBsonType()).isEqualTo(BsonType.INT64);
		assertThat(document.getInt64("value").getValue()).isEqualTo(116);
		assertThat(document.get("step").getBsonType()).isEqualTo(BsonType.INT64);
		assertThat(document.getInt64("step").getValue()).isEqualTo(7);
		assertThat(document.get("updatedAt").getBsonType()).isEqualTo(BsonType.DATE_TIME);
	}

	@Test
	void allocateUsesDefaultCollection() {
		MongoTemplate template = TestBackends.mongo();
		MongoSegmentStore store = new MongoSegmentStore(template);
		String sequence = uniqueName("default-collection");
		assertThat(store.getCollectionName()).isEqualTo("idgen_counters");
		assertThat(store.allocate(sequence, 5, 1)).isEqualTo(new Segment(1, 6));
		assertThat(template.getCollection("idgen_counters").countDocuments(Filters.eq("_id", sequence))).isEqualTo(1);
	}

	@Test
	void allocateAbove2To53IsExact() {
		String sequence = uniqueName("above-2-53");
		long start = (1L << 60) + 1;
		SegmentStore store = createStore();
		for (long i = 0; i < 5; i++) {
			assertThat(store.allocate(sequence, 1, start)).isEqualTo(new Segment(start + i, start + i + 1));
		}
		assertThat(store.allocate(sequence, 3, start)).isEqualTo(new Segment(start + 5, start + 8));
		assertThat(counter(sequence).getInt64("value").getValue()).isEqualTo(start + 7);
	}

	@Test
	void allocateUpToLastIdIsExactAndKeepsCounterWhenExhausted() {
		String sequence = uniqueName("last-id");
		SegmentStore store = createStore();
		assertThat(store.allocate(sequence, 1, LAST_ID - 2)).isEqualTo(new Segment(LAST_ID - 2, LAST_ID - 1));
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> store.allocate(sequence, 3, 1))
			.withMessageContaining(sequence)
			.withMessageContaining(COLLECTION)
			.withMessageContaining(Long.toString(LAST_ID - 2));
		assertThat(counter(sequence).getInt64("value").getValue()).isEqualTo(LAST_ID - 2);
		assertThat(store.allocate(sequence, 2, 1)).isEqualTo(new Segment(LAST_ID - 1, Long.MAX_VALUE));
		assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> store.allocate(sequence, 1, 1));
		assertThat(counter(sequence).getInt64("value").getValue()).isEqualTo(LAST_ID);
	}

	@Test
	void allocateWhenValueIsNotALongRefusesAndKeepsIt() {
		String sequence = uniqueName("double-value");
		TestBackends.mongo()
			.getCollection(COLLECTION)
			.insertOne(new Document("_id", sequence).append("value", 1000.0)
				.append("step", 0L)
				.append("updatedAt", new Date()));
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(() -> createStore().allocate(sequence, 10, 1))
			.isNotInstanceOf(BackendUnavailableException.class)
			.withMessageContaining(sequence)
			.withMessageContaining("DOUBLE")
			.withMessageContaining("NumberLong");
		assertThat(counter(sequence).get("value").getBsonType()).isEqualTo(BsonType.DOUBLE);
		assertThat(counter(sequence).getDouble("value").getValue()).isEqualTo(1000.0);
	}

	@Test
	void checkAvailableRunsPing() {
		assertThatNoException().isThrownBy(createStore()::checkAvailable);
	}

	@Test
	void storeOnUnreachableServerThrowsBackendUnavailableQuickly() {
		MongoClientSettings settings = MongoClientSettings.builder()
			.applyToClusterSettings((cluster) -> cluster.hosts(List.of(new ServerAddress("127.0.0.1", 1)))
				.serverSelectionTimeout(300, TimeUnit.MILLISECONDS))
			.applyToSocketSettings((socket) -> socket.connectTimeout(300, TimeUnit.MILLISECONDS))
			.build();
		try (MongoClient client = MongoClients.create(settings)) {
			MongoSegmentStore store = new MongoSegmentStore(new MongoTemplate(client, "idgen-test"));
			long started = System.nanoTime();
			assertThatExceptionOfType(BackendUnavailableException.class)
				.isThrownBy(() -> store.allocate(uniqueName("unreachable"), 10, 1))
				.withMessageContaining("idgen_counters");
			assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(store::checkAvailable)
				.withMessageContaining("not available");
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
		}
	}

	@Test
	void createWithInvalidCollectionNameThrowsIllegalArgument() {
		MongoTemplate template = TestBackends.mongo();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MongoSegmentStore(template, "", WriteConcern.MAJORITY))
			.withMessageContaining("must not be empty");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MongoSegmentStore(template, null, WriteConcern.MAJORITY))
			.withMessageContaining("must not be empty");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MongoSegmentStore(template, "ids$x", WriteConcern.MAJORITY))
			.withMessageContaining("'$'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MongoSegmentStore(template, "ids\u0000x", WriteConcern.MAJORITY))
			.withMessageContaining("control characters");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MongoSegmentStore(template, "system.ids", WriteConcern.MAJORITY))
			.withMessageContaining("system.");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MongoSegmentStore(template, " ids", WriteConcern.MAJORITY))
			.withMessageContaining("white space");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MongoSegmentStore(template, "x".repeat(121), WriteConcern.MAJORITY))
			.withMessageContaining("at most 120");
		assertThat(new MongoSegmentStore(template, "x".repeat(120), WriteConcern.MAJORITY).getCollectionName())
			.hasSize(120);
	}

	@Test
	void allocateWithWriteConcernW1Works() {
		SegmentStore store = new MongoSegmentStore(TestBackends.mongo(), COLLECTION, WriteConcern.W1);
		String sequence = uniqueName("w1");
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(11, 21));
	}

}
