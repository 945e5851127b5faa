package io.github.idgen.mongo;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoServerException;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.Document;
import org.springframework.data.mongodb.core.CollectionCallback;
import org.springframework.data.mongodb.core.MongoOperations;

/**
 * The counter documents of a {@link MongoSegmentStore}, one per sequence: {@code {_id:
 * <sequence>, value: NumberLong, step: NumberLong, updatedAt: Date}}. Every write uses
 * the store's write concern and every read the primary.
 */
final class CounterDocuments {

	static final String ID = "_id";

	static final String VALUE = "value";

	static final String STEP = "step";

	static final String UPDATED_AT = "updatedAt";

	private static final FindOneAndUpdateOptions RETURN_NEW_VALUE = new FindOneAndUpdateOptions()
		.returnDocument(ReturnDocument.AFTER)
		.projection(Projections.include(VALUE));

	private final MongoOperations operations;

	private final String collectionName;

	private final WriteConcern writeConcern;

	CounterDocuments(MongoOperations operations, String collectionName, WriteConcern writeConcern) {
		this.operations = operations;
		this.collectionName = MongoCollectionNames.validate(collectionName);
		this.writeConcern = writeConcern;
	}

	String collectionName() {
		return this.collectionName;
	}

	/**
	 * Add {@code step} to the counter of the sequence if it is a 64-bit integer at most
	 * {@code limit}, in one atomic {@code findOneAndUpdate}.
	 * @param sequence the sequence name
	 * @param step the number to add
	 * @param limit the largest counter value that may still grow
	 * @return the new value, or empty if the counter is missing, above the limit or not a
	 * 64-bit integer (then it is unchanged)
	 */
	OptionalLong increment(String sequence, long step, long limit) {
		return execute((collection) -> {
			Document after = collection.withWriteConcern(this.writeConcern)
				.findOneAndUpdate(
						Filters.and(Filters.eq(ID, sequence), Filters.type(VALUE, BsonType.INT64),
								Filters.lte(VALUE, limit)),
						Updates.combine(Updates.inc(VALUE, step), Updates.set(STEP, step),
								Updates.currentDate(UPDATED_AT)),
						RETURN_NEW_VALUE);
			return (after != null) ? OptionalLong.of(after.get(VALUE, Long.class)) : OptionalLong.empty();
		});
	}

	/**
	 * Set the counter of the sequence to {@code newValue} if it is still the 64-bit
	 * integer {@code expected}, in one atomic {@code findOneAndUpdate}.
	 * @param sequence the sequence name
	 * @param expected the value read before
	 * @param newValue the value to set
	 * @param step the size of the reservation, recorded in the document
	 * @return whether the counter held {@code expected} and now holds {@code newValue}
	 */
	boolean compareAndSet(String sequence, long expected, long newValue, long step) {
		return execute((collection) -> collection.withWriteConcern(this.writeConcern)
			.findOneAndUpdate(
					Filters.and(Filters.eq(ID, sequence), Filters.type(VALUE, BsonType.INT64),
							Filters.eq(VALUE, expected)),
					Updates.combine(Updates.set(VALUE, newValue), Updates.set(STEP, step),
							Updates.currentDate(UPDATED_AT)),
					RETURN_NEW_VALUE) != null);
	}

	/**
	 * Read the counter of the sequence from the primary.
	 * @param sequence the sequence name
	 * @return the document, empty if there is none
	 */
	Optional<BsonDocument> find(String sequence) {
		return execute((collection) -> Optional.ofNullable(collection.withDocumentClass(BsonDocument.class)
			.withReadPreference(ReadPreference.primary())
			.find(Filters.eq(ID, sequence))
			.first()));
	}

	/**
	 * Read the documents of several sequences from the primary, with one query, each with
	 * its {@code _id} and {@code value} only.
	 * @param sequences the sequence names
	 * @return the documents found, in no particular order
	 */
	List<BsonDocument> findEach(List<String> sequences) {
		return execute((collection) -> collection.withDocumentClass(BsonDocument.class)
			.withReadPreference(ReadPreference.primary())
			.find(Filters.in(ID, sequences))
			.projection(Projections.include(VALUE))
			.into(new ArrayList<>()));
	}

	/**
	 * Read every document of the collection from the primary, with its {@code _id} and
	 * {@code value} only.
	 * @return the documents
	 */
	List<BsonDocument> findAll() {
		return execute((collection) -> collection.withDocumentClass(BsonDocument.class)
			.withReadPreference(ReadPreference.primary())
			.find()
			.projection(Projections.include(VALUE))
			.into(new ArrayList<>()));
	}

	/**
	 * Create the counter of the sequence with the given value, unless it exists.
	 * @param sequence the sequence name
	 * @param value the initial value
	 * @return whether this call created it
	 */
	boolean insertIfAbsent(String sequence, long value) {
		Document document = new Document(ID, sequence).append(VALUE, value)
			.append(STEP, 0L)
			.append(UPDATED_AT, new Date());
		return execute((collection) -> {
			try {
				collection.withWriteConcern(this.writeConcern).insertOne(document);
				return true;
			}
			catch (MongoServerException ex) {
				if (ErrorCategory.fromErrorCode(ex.getCode()) == ErrorCategory.DUPLICATE_KEY) {
					return false;
				}
				throw ex;
			}
		});
	}

	/**
	 * Describe the {@code value} of a counter document for a message.
	 * @param document the counter document
	 * @return the value and, unless it is a 64-bit integer, its BSON type
	 */
	static String describeValue(BsonDocument document) {
		BsonValue value = document.get(VALUE);
		if (value == null) {
			return "missing";
		}
		return value.isInt64() ? Long.toString(value.asInt64().getValue()) : value + " (" + value.getBsonType() + ")";
	}

	private <T> T execute(CollectionCallback<T> callback) {
		return this.operations.execute(this.collectionName, callback);
	}

}
