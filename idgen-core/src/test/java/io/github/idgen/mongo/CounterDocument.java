package io.github.idgen.mongo;

import com.mongodb.client.model.Filters;
import org.bson.BsonDocument;

import io.github.idgen.test.TestBackends;

/**
 * Reads a counter document as a {@link MongoSegmentStore} stored it, with its BSON types,
 * from the backend that {@link TestBackends#mongo()} resolves.
 */
final class CounterDocument {

	private CounterDocument() {
	}

	/**
	 * Return the counter document of a sequence.
	 * @param collection the counter collection
	 * @param sequence the sequence name
	 * @return the document, {@code null} if there is none
	 */
	static BsonDocument read(String collection, String sequence) {
		return TestBackends.mongo()
			.execute(collection,
					(counters) -> counters.withDocumentClass(BsonDocument.class)
						.find(Filters.eq("_id", sequence))
						.first());
	}

}
