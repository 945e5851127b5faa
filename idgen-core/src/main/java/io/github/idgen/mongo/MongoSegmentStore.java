package io.github.idgen.mongo;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

import com.mongodb.MongoException;
import com.mongodb.WriteConcern;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.Document;
import org.springframework.dao.DataAccessException;
import org.springframework.data.mongodb.core.MongoOperations;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.IdGenerationException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.striped.StripeStore;

/**
 * A {@link SegmentStore} that keeps its counters in a MongoDB collection, through Spring
 * Data MongoDB.
 * <p>
 * The collection ({@value #DEFAULT_COLLECTION_NAME} by default) has one document per
 * sequence: {@code _id} (the sequence name), {@code value} (the last ID reserved, always
 * a 64-bit integer, {@code NumberLong}), {@code step} (the size of the last reservation)
 * and {@code updatedAt} (the server time of the last reservation). To reserve
 * {@code step} IDs the store runs one {@code findOneAndUpdate}, atomic on the one
 * document:
 *
 * <pre class="code">
 * filter: {_id: sequence, value: {$type: "long", $lte: limit}}
 * update: {$inc: {value: step}, $set: {step: step}, $currentDate: {updatedAt: true}}
 * options: returnDocument AFTER, no upsert</pre>
 *
 * where {@code limit} is the max-value minus {@code step}: {@code Long.MAX_VALUE - 1 -
 * step} for an unbounded sequence, so that the counter never passes
 * {@code Long.MAX_VALUE - 1} and the addition never overflows. MongoDB serializes updates
 * of one document and returns the value this update produced, so the block
 * {@code (new value - step, new value]} goes to exactly one caller. The step is sent as a
 * 64-bit integer, so the counter stays a 64-bit integer and is exact over its whole range
 * (a {@code double} would be exact only up to 2^53).
 * <p>
 * If the update matches no document, the store reads the document from the primary:
 * <ul>
 * <li>If there is no document, the store inserts it with {@code value = start - 1}, then
 * runs the update again. When several callers create the same sequence at once, the
 * unique {@code _id} lets exactly one insert succeed; the others' duplicate-key errors
 * are ignored, and all of them then add their step to the one counter.</li>
 * <li>If its {@code value} is not a 64-bit integer (a {@code double} written from the
 * shell, say), the store refuses the sequence with an {@link IdGenerationException}
 * rather than count on a value that may be inexact; the document is left as it was.</li>
 * <li>For an unbounded sequence, the {@code value} is above {@code limit}: counters only
 * grow, so a {@link SequenceExhaustedException} is thrown and the counter stays as it
 * was.</li>
 * <li>For a bounded or cyclic sequence (see {@link SequenceBounds}), the counter is
 * within {@code step} of the max-value, or at it. The store computes the segment with
 * {@link SequenceBounds#next}: the IDs up to the max-value, cut short; for a cyclic
 * sequence whose counter has reached the max-value, the first IDs of the next cycle; for
 * a non-cyclic one, a {@link SequenceExhaustedException} naming the max-value. It writes
 * the new counter with a compare-and-set, a {@code findOneAndUpdate} whose filter
 * requires the value it read ({@code {_id: sequence, value: <read>}}), and retries from
 * the start when another caller changed the counter first. So the wrap to {@code start}
 * happens exactly once per cycle and no two callers receive the same value within one
 * cycle. A counter that came back to the value read after a whole cycle in between is no
 * hazard: the segment follows from the counter's value alone.</li>
 * </ul>
 * The counter is created by an insert of its own rather than an upsert of the update: an
 * upsert creating the document would apply {@code $inc} to a missing field, that is count
 * from 0, and cannot set {@code start - 1} in the same update, since {@code $setOnInsert}
 * and {@code $inc} on one field conflict. The separate insert keeps the first segment: it
 * starts exactly at {@code start}, whichever caller gets it. A caller that keeps missing
 * (a counter deleted over and over, or lost compare-and-sets under heavy contention at
 * the max-value) gives up after {@value #MAX_ATTEMPTS} rounds with a
 * {@link BackendUnavailableException}.
 * <p>
 * Every write uses the store's write concern, {@link WriteConcern#MAJORITY} by default.
 * With a weaker one such as {@code w:1}, the primary acknowledges an allocation before
 * any secondary has it; if it fails over then, the new primary can lack the allocation
 * (it is rolled back) and hand out the same IDs a second time, although they were already
 * handed out. Reads after a missed update use the primary. A failed authentication or a
 * missing permission becomes a {@link BackendMisconfiguredException}, any other failure
 * of MongoDB, including a write concern that cannot be satisfied, a
 * {@link BackendUnavailableException}, naming the sequence and the collection but not the
 * driver's message; IDs that may have been reserved by a failed update are never handed
 * out (a gap, never a repeat).
 * <p>
 * The store leaves the given {@link MongoOperations} as it is: it applies its write
 * concern to each operation, not to the template.
 * <p>
 * As a {@link StripeStore}, one stripe of a
 * {@link io.github.idgen.segment.striped.StripedSegmentStore}, the store keeps the
 * counter named {@code N} in the counter document of sequence {@code N}, so that a store
 * that served alone can become a stripe. It reads the document from the primary (several
 * with one query, such as a stripe's state with its identity), sets its {@code value}
 * with the same compare-and-set {@code findOneAndUpdate} as above, creates it with an
 * insert that a duplicate-key error refuses, and reads every document of the collection
 * for the counters a new stripe layout raises. A {@code value} that is not a 64-bit
 * integer is refused as above.
 */
public class MongoSegmentStore implements SegmentStore, StripeStore {

	/**
	 * The default name of the counter collection.
	 */
	public static final String DEFAULT_COLLECTION_NAME = "idgen_counters";

	private static final int MAX_ATTEMPTS = 100;

	private static final Document PING = new Document("ping", 1);

	private final MongoOperations operations;

	private final CounterDocuments counters;

	/**
	 * Create a store on the {@value #DEFAULT_COLLECTION_NAME} collection with the
	 * {@link WriteConcern#MAJORITY majority} write concern.
	 * @param operations the MongoDB operations, such as a {@code MongoTemplate}
	 */
	public MongoSegmentStore(MongoOperations operations) {
		this(operations, DEFAULT_COLLECTION_NAME, WriteConcern.MAJORITY);
	}

	/**
	 * Create a store.
	 * @param operations the MongoDB operations, such as a {@code MongoTemplate}
	 * @param collectionName the name of the counter collection, valid as
	 * {@link MongoCollectionNames} defines it
	 * @param writeConcern the write concern of every allocation; anything weaker than
	 * {@link WriteConcern#MAJORITY majority} lets a primary failover roll back an
	 * allocation whose IDs were already handed out, so that they are handed out again
	 */
	public MongoSegmentStore(MongoOperations operations, String collectionName, WriteConcern writeConcern) {
		this.operations = Objects.requireNonNull(operations, "MongoOperations must not be null");
		Objects.requireNonNull(writeConcern, "WriteConcern must not be null");
		this.counters = new CounterDocuments(operations, collectionName, writeConcern);
	}

	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		SequenceNames.validateCounter(sequence);
		if (step < 1) {
			throw new IllegalArgumentException("Step must be at least 1 but was " + step);
		}
		Objects.requireNonNull(bounds, "SequenceBounds must not be null");
		if (!bounds.isBounded() && step > SequenceBounds.MAX_ID) {
			throw new SequenceExhaustedException(sequence,
					"Sequence " + SequenceNames.quote(sequence) + " cannot reserve " + step
							+ " IDs: no counter can grow by that much without passing the largest ID "
							+ SequenceBounds.MAX_ID);
		}
		try {
			return allocateWithin(sequence, step, bounds);
		}
		catch (DataAccessException | MongoException ex) {
			throw MongoFailures.translate("Could not reserve " + step + " IDs of sequence "
					+ SequenceNames.quote(sequence) + " in collection '" + this.counters.collectionName() + "'", ex);
		}
	}

	private Segment allocateWithin(String sequence, long step, SequenceBounds bounds) {
		long limit = bounds.maxValue() - step;
		for (int attempt = 1;; attempt++) {
			OptionalLong value = this.counters.increment(sequence, step, limit);
			if (value.isPresent()) {
				return Segment.endingAt(value.getAsLong(), step);
			}
			Optional<BsonDocument> current = this.counters.find(sequence);
			if (current.isEmpty()) {
				this.counters.insertIfAbsent(sequence, bounds.start() - 1);
			}
			else {
				long counter = counterValue(
						"Sequence " + SequenceNames.quote(sequence) + " cannot reserve IDs: the 'value' of its counter",
						current.get());
				if (!bounds.isBounded()) {
					checkCanGrow(sequence, step, limit, counter);
				}
				else {
					Segment segment = bounds.next(sequence, counter, step);
					if (this.counters.compareAndSet(sequence, counter, segment.end() - 1, segment.size())) {
						return segment;
					}
				}
			}
			if (attempt == MAX_ATTEMPTS) {
				throw new BackendUnavailableException("Could not reserve " + step + " IDs of sequence "
						+ SequenceNames.quote(sequence) + " in collection '" + this.counters.collectionName()
						+ "': its counter was still missing or changing after " + MAX_ATTEMPTS + " attempts");
			}
		}
	}

	/**
	 * Return the {@code value} of a counter document, or refuse it if it is not a 64-bit
	 * integer.
	 * @param subject what failed and the value it names, such as {@code Sequence 'a'
	 * cannot reserve IDs: the 'value' of its counter}
	 */
	private long counterValue(String subject, BsonDocument document) {
		BsonValue value = document.get(CounterDocuments.VALUE);
		if (value == null || !value.isInt64()) {
			throw new BackendMisconfiguredException(subject + " in collection '" + this.counters.collectionName()
					+ "' is " + CounterDocuments.describeValue(document) + ", not a 64-bit integer (NumberLong)");
		}
		return value.asInt64().getValue();
	}

	private void checkCanGrow(String sequence, long step, long limit, long counter) {
		if (counter > limit) {
			throw new SequenceExhaustedException(sequence,
					"Sequence " + SequenceNames.quote(sequence) + " is exhausted: its counter in collection '"
							+ this.counters.collectionName() + "' is at " + counter + " and cannot grow by " + step
							+ " without passing the largest ID " + SequenceBounds.MAX_ID);
		}
	}

	/**
	 * Return the counter of a sequence, as {@link #read(String)} does.
	 */
	@Override
	public OptionalLong counter(String sequence) {
		return read(sequence);
	}

	@Override
	public OptionalLong read(String counter) {
		SequenceNames.validateCounter(counter);
		String action = "Could not read the counter " + SequenceNames.quote(counter);
		Optional<BsonDocument> document;
		try {
			document = this.counters.find(counter);
		}
		catch (DataAccessException | MongoException ex) {
			throw MongoFailures.translate(action + " in collection '" + this.counters.collectionName() + "'", ex);
		}
		return document.isPresent()
				? OptionalLong.of(counterValue(action + ": the 'value' of its document", document.get()))
				: OptionalLong.empty();
	}

	/**
	 * Return the values of several counters with one query.
	 * @throws BackendMisconfiguredException if the {@code value} of a counter is not a
	 * 64-bit integer
	 */
	@Override
	public List<OptionalLong> read(List<String> counters) {
		counters.forEach(SequenceNames::validateCounter);
		String action = "Could not read the counters " + counters.stream().map(SequenceNames::quote).toList();
		List<BsonDocument> documents;
		try {
			documents = this.counters.findEach(counters);
		}
		catch (DataAccessException | MongoException ex) {
			throw MongoFailures.translate(action + " in collection '" + this.counters.collectionName() + "'", ex);
		}
		Map<String, Long> values = new HashMap<>();
		for (BsonDocument document : documents) {
			values.put(document.getString(CounterDocuments.ID).getValue(),
					counterValue(action + ": the 'value' of a document", document));
		}
		return counters.stream()
			.map((counter) -> values.containsKey(counter) ? OptionalLong.of(values.get(counter)) : OptionalLong.empty())
			.toList();
	}

	@Override
	public boolean compareAndSet(String counter, OptionalLong expected, long value) {
		SequenceNames.validateCounter(counter);
		try {
			if (expected.isEmpty()) {
				return this.counters.insertIfAbsent(counter, value);
			}
			return this.counters.compareAndSet(counter, expected.getAsLong(), value, value - expected.getAsLong());
		}
		catch (DataAccessException | MongoException ex) {
			throw MongoFailures.translate("Could not set the counter " + SequenceNames.quote(counter)
					+ " in collection '" + this.counters.collectionName() + "'", ex);
		}
	}

	/**
	 * Return every counter of the collection: each document whose {@code _id} is a
	 * string, as the store writes them; others are skipped.
	 * @throws BackendMisconfiguredException if the {@code value} of a counter is not a
	 * 64-bit integer
	 */
	@Override
	public Map<String, Long> readAll() {
		List<BsonDocument> documents;
		try {
			documents = this.counters.findAll();
		}
		catch (DataAccessException | MongoException ex) {
			throw MongoFailures
				.translate("Could not read the counters in collection '" + this.counters.collectionName() + "'", ex);
		}
		Map<String, Long> values = new LinkedHashMap<>();
		for (BsonDocument document : documents) {
			BsonValue id = document.get(CounterDocuments.ID);
			if (id != null && id.isString()) {
				String counter = id.asString().getValue();
				values.put(counter,
						counterValue(
								"Could not read the counters: the 'value' of counter " + SequenceNames.quote(counter),
								document));
			}
		}
		return values;
	}

	/**
	 * Check that MongoDB answers the {@code ping} command.
	 * @throws BackendUnavailableException if it does not, with the reason
	 */
	@Override
	public void checkAvailable() {
		try {
			this.operations.executeCommand(PING);
		}
		catch (DataAccessException | MongoException ex) {
			throw new BackendUnavailableException("MongoDB of collection '" + this.counters.collectionName()
					+ "' is not available: " + FailureDescriptions.describe(ex), ex);
		}
	}

	/**
	 * Return the name of the counter collection.
	 * @return the collection name
	 */
	public String getCollectionName() {
		return this.counters.collectionName();
	}

}
