package io.github.idgen.worker;

/**
 * A worker ID leased from a {@link WorkerLeaseStore}.
 *
 * @param workerId the leased worker ID
 * @param owner the owner that holds the lease, unique per generator instance
 * @param lastIssuedMillis the last timestamp (milliseconds since the Unix epoch) that any
 * earlier owner of this worker ID issued IDs at, 0 if none; the new owner must not issue
 * IDs at or before it
 */
public record WorkerLease(int workerId, String owner, long lastIssuedMillis) {

}
