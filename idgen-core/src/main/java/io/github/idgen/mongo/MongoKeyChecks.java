package io.github.idgen.mongo;

import org.bson.Document;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.MongoOperations;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.segment.KeyCheckStore;

/**
 * Keeps the key check values of obfuscated sequences in the counter collection of a
 * {@link MongoSegmentStore}: a document {@code {_id: "@kcv:<counter>#<scope>", keyCheck:
 * <value>}} per counter and format scope, whose {@code _id} no counter takes (no sequence
 * name holds {@code @}), inserted once and never changed.
 */
public final class MongoKeyChecks implements KeyCheckStore {

	private static final String KEY_CHECK = "keyCheck";

	private final MongoOperations operations;

	private final String collection;

	/**
	 * Create the key checks.
	 * @param operations the database of the counters
	 * @param collection the counter collection
	 */
	public MongoKeyChecks(MongoOperations operations, String collection) {
		this.operations = operations;
		this.collection = collection;
	}

	@Override
	public long recordIfAbsent(String counter, String scope, long check) {
		String id = id(counter, scope);
		try {
			Long recorded = read(id);
			if (recorded != null) {
				return recorded;
			}
			try {
				this.operations.insert(new Document(CounterDocuments.ID, id).append(KEY_CHECK, check), this.collection);
				return check;
			}
			catch (DuplicateKeyException ex) {
				Long winner = read(id);
				if (winner == null) {
					throw ex;
				}
				return winner;
			}
		}
		catch (RuntimeException ex) {
			throw new BackendUnavailableException("Could not read or record the key check value of counter '" + counter
					+ "' in collection " + this.collection + ": " + ex.getClass().getName(), ex);
		}
	}

	@Override
	public String describe(String counter, String scope) {
		return "the document '" + id(counter, scope) + "' of collection " + this.collection;
	}

	private static String id(String counter, String scope) {
		return "@kcv:" + counter + "#" + scope;
	}

	private Long read(String id) {
		Document document = this.operations.findOne(Query.query(Criteria.where(CounterDocuments.ID).is(id)),
				Document.class, this.collection);
		return (document != null) ? document.get(KEY_CHECK, Number.class).longValue() : null;
	}

}
