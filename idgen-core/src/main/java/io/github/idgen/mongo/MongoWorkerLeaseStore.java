package io.github.idgen.mongo;

import java.time.Clock;
import java.time.Duration;
import java.util.Date;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoException;
import com.mongodb.MongoServerException;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.springframework.dao.DataAccessException;
import org.springframework.data.mongodb.core.CollectionCallback;
import org.springframework.data.mongodb.core.MongoOperations;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * A {@link WorkerLeaseStore} that keeps its leases in a MongoDB collection, through
 * Spring Data MongoDB.
 * <p>
 * The collection ({@value #DEFAULT_COLLECTION_NAME} by default) has one document per
 * worker ID that was ever leased: {@code _id} (the worker ID), {@code owner} (the owner
 * of the lease, {@code null} once released), {@code expiresAt} (a date) and
 * {@code lastTimestamp} (a 64-bit integer: the horizon of the last renewal, raised by
 * every renewal, or the exact last millisecond issued once the lease was released). Every
 * operation is one atomic write on one document, where {@code now} is the time of the
 * calling instance's clock:
 * <ul>
 * <li><b>Acquire</b> tries ids from 0 with a {@code findOneAndUpdate} with upsert: filter
 * {@code {_id: id, expiresAt: {$lt: now}}}, update {@code {$set: {owner: owner,
 * expiresAt: now + ttl}, $setOnInsert: {lastTimestamp: 0}}}. An expired or released lease
 * is taken over and its {@code lastTimestamp} returned; a missing document is inserted; a
 * live lease makes the upsert insert a second document with the same {@code _id}, which
 * the unique {@code _id} refuses with a duplicate-key error: the id is taken.</li>
 * <li><b>Renew</b>: filter {@code {_id: id, owner: owner, expiresAt: {$gt: now}}}, update
 * {@code {$set: {expiresAt: now + ttl}, $max: {lastTimestamp: horizon}}}; an expired
 * lease is not renewed, even if nobody took it.</li>
 * <li><b>Release</b>: filter {@code {_id: id, owner: owner}}, update {@code {$set:
 * {owner: null, expiresAt: <the epoch>, lastTimestamp: last}}}, which may lower the last
 * timestamp.</li>
 * <li><b>Count</b>: the documents with {@code expiresAt > now}, read from the
 * primary.</li>
 * </ul>
 *
 * <h2>Clock</h2> Expiry is decided on the clocks of the generator instances, not on the
 * server's: the server's {@code $$NOW} is only available in update pipelines, which the
 * in-JVM test server (mongo-java-server) does not support, so this store writes and
 * compares client timestamps. An instance whose clock is ahead by {@code d} sees every
 * other instance's lease expire {@code d} early and can take it over while its holder
 * still believes it live. Leases are therefore safe only while the clocks of all
 * instances agree within a margin smaller than the generator's fencing safety margin (NTP
 * keeps them within milliseconds; a step of the clock breaks that). The
 * {@code lastTimestamp} a new owner receives does not depend on the clocks.
 * <p>
 * Every write uses the store's write concern, {@link WriteConcern#MAJORITY} by default:
 * with a weaker one, a failover can roll back an acquisition, so that the id is leased
 * twice. A failed authentication or a missing permission becomes a
 * {@link io.github.idgen.BackendMisconfiguredException}, any other failure of MongoDB a
 * {@link BackendUnavailableException}.
 */
public class MongoWorkerLeaseStore implements WorkerLeaseStore {

	/**
	 * The default name of the lease collection.
	 */
	public static final String DEFAULT_COLLECTION_NAME = "idgen_workers";

	static final String ID = "_id";

	static final String OWNER = "owner";

	static final String EXPIRES_AT = "expiresAt";

	static final String LAST_TIMESTAMP = "lastTimestamp";

	private static final FindOneAndUpdateOptions UPSERT = new FindOneAndUpdateOptions().upsert(true)
		.returnDocument(ReturnDocument.AFTER)
		.projection(Projections.include(LAST_TIMESTAMP));

	private final MongoOperations operations;

	private final String collectionName;

	private final WriteConcern writeConcern;

	private final Clock clock;

	/**
	 * Create a store on the {@value #DEFAULT_COLLECTION_NAME} collection with the
	 * {@link WriteConcern#MAJORITY majority} write concern.
	 * @param operations the MongoDB operations, such as a {@code MongoTemplate}
	 */
	public MongoWorkerLeaseStore(MongoOperations operations) {
		this(operations, DEFAULT_COLLECTION_NAME, WriteConcern.MAJORITY);
	}

	/**
	 * Create a store.
	 * @param operations the MongoDB operations, such as a {@code MongoTemplate}
	 * @param collectionName the name of the lease collection, valid as
	 * {@link MongoCollectionNames} defines it
	 * @param writeConcern the write concern of every write; anything weaker than
	 * {@link WriteConcern#MAJORITY majority} lets a primary failover roll back a lease,
	 * so that its worker ID is leased twice
	 */
	public MongoWorkerLeaseStore(MongoOperations operations, String collectionName, WriteConcern writeConcern) {
		this.operations = Objects.requireNonNull(operations, "MongoOperations must not be null");
		this.collectionName = MongoCollectionNames.validate(collectionName);
		this.writeConcern = Objects.requireNonNull(writeConcern, "WriteConcern must not be null");
		this.clock = Clock.systemUTC();
	}

	@Override
	public Optional<WorkerLease> acquire(String owner, int maxWorkerId, Duration ttl) {
		Objects.requireNonNull(owner, "Owner must not be null");
		long ttlMillis = ttlMillis(ttl);
		for (int workerId = 0; workerId <= maxWorkerId; workerId++) {
			OptionalLong lastTimestamp = tryAcquire(workerId, owner, ttlMillis);
			if (lastTimestamp.isPresent()) {
				return Optional.of(new WorkerLease(workerId, owner, lastTimestamp.getAsLong()));
			}
		}
		return Optional.empty();
	}

	private OptionalLong tryAcquire(int workerId, String owner, long ttlMillis) {
		long now = this.clock.millis();
		Bson filter = Filters.and(Filters.eq(ID, workerId), Filters.lt(EXPIRES_AT, new Date(now)));
		Bson update = Updates.combine(Updates.set(OWNER, owner), Updates.set(EXPIRES_AT, new Date(now + ttlMillis)),
				Updates.setOnInsert(LAST_TIMESTAMP, 0L));
		return execute("acquire worker ID " + workerId, (collection) -> {
			try {
				Document after = collection.findOneAndUpdate(filter, update, UPSERT);
				return OptionalLong.of(after.get(LAST_TIMESTAMP, Number.class).longValue());
			}
			catch (MongoServerException ex) {
				if (ErrorCategory.fromErrorCode(ex.getCode()) == ErrorCategory.DUPLICATE_KEY) {
					return OptionalLong.empty();
				}
				throw ex;
			}
		});
	}

	@Override
	public boolean renew(WorkerLease lease, Duration ttl, long lastIssuedMillis) {
		long ttlMillis = ttlMillis(ttl);
		long now = this.clock.millis();
		Bson filter = Filters.and(Filters.eq(ID, lease.workerId()), Filters.eq(OWNER, lease.owner()),
				Filters.gt(EXPIRES_AT, new Date(now)));
		Bson update = Updates.combine(Updates.set(EXPIRES_AT, new Date(now + ttlMillis)),
				Updates.max(LAST_TIMESTAMP, lastIssuedMillis));
		return execute("renew worker ID " + lease.workerId(),
				(collection) -> collection.updateOne(filter, update).getMatchedCount() == 1);
	}

	@Override
	public void release(WorkerLease lease, long lastIssuedMillis) {
		Bson filter = Filters.and(Filters.eq(ID, lease.workerId()), Filters.eq(OWNER, lease.owner()));
		Bson update = Updates.combine(Updates.set(OWNER, null), Updates.set(EXPIRES_AT, new Date(0)),
				Updates.set(LAST_TIMESTAMP, lastIssuedMillis));
		execute("release worker ID " + lease.workerId(), (collection) -> collection.updateOne(filter, update));
	}

	@Override
	public int countLive() {
		Bson filter = Filters.gt(EXPIRES_AT, new Date(this.clock.millis()));
		return execute("count the live leases",
				(collection) -> (int) collection.withReadPreference(ReadPreference.primary()).countDocuments(filter));
	}

	/**
	 * Return the name of the lease collection.
	 * @return the collection name
	 */
	public String getCollectionName() {
		return this.collectionName;
	}

	private static long ttlMillis(Duration ttl) {
		long millis = ttl.toMillis();
		if (millis < 1) {
			throw new IllegalArgumentException("Lease ttl must be at least 1 ms but was " + ttl);
		}
		return millis;
	}

	private <T> T execute(String action, CollectionCallback<T> callback) {
		try {
			return this.operations.execute(this.collectionName,
					(collection) -> callback.doInCollection(collection.withWriteConcern(this.writeConcern)));
		}
		catch (DataAccessException | MongoException ex) {
			throw MongoFailures.translate("Could not " + action + " in collection '" + this.collectionName + "'", ex);
		}
	}

}
