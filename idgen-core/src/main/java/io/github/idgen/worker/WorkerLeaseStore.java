package io.github.idgen.worker;

import java.time.Duration;
import java.util.Optional;

/**
 * The SPI of leased snowflake worker IDs: a store in which generator instances lease
 * worker IDs with an expiry, so that no two live instances ever use the same worker ID.
 * <p>
 * A lease is live until its expiry, decided by one clock (the store's own where it has
 * one), never by the clocks of the competing instances. Acquiring, renewing and releasing
 * are each atomic per worker ID. Every lease record keeps a last timestamp that no ID of
 * its owners is after, so that a new owner never issues IDs at or before it, even after
 * its clock went back or when its clock is behind the previous owner's: each renewal
 * raises it to the owner's horizon (its wall clock plus the ttl, which the owner issues
 * no ID after), and a release sets it to the exact last millisecond the owner issued IDs
 * at, which may lower it, so that the next owner need not wait for a horizon its
 * predecessor no longer needs.
 * <p>
 * Implementations are thread-safe.
 */
public interface WorkerLeaseStore {

	/**
	 * Lease a worker ID that no live lease holds, trying IDs from 0 up to
	 * {@code maxWorkerId}.
	 * @param owner the owner, unique per generator instance
	 * @param maxWorkerId the largest worker ID of the layout
	 * @param ttl how long the lease lives unless renewed
	 * @return the lease, or empty if every worker ID has a live lease
	 * @throws io.github.idgen.BackendUnavailableException if the store failed
	 */
	Optional<WorkerLease> acquire(String owner, int maxWorkerId, Duration ttl);

	/**
	 * Extend a lease that this owner still holds, and raise its last timestamp to
	 * {@code lastIssuedMillis} unless it is higher already: a renewal never lowers it.
	 * @param lease the lease
	 * @param ttl how long the lease lives from now unless renewed again
	 * @param lastIssuedMillis the owner's horizon: the latest timestamp, in milliseconds
	 * since the Unix epoch, that it may issue IDs at until it renews again
	 * @return whether the lease was renewed; {@code false} if it expired and another
	 * owner took it, or it is gone
	 * @throws io.github.idgen.BackendUnavailableException if the store failed
	 */
	boolean renew(WorkerLease lease, Duration ttl, long lastIssuedMillis);

	/**
	 * Give up a lease that this owner holds, setting its last timestamp to exactly
	 * {@code lastIssuedMillis} for the next owner, even if that is lower than the value
	 * stored (the horizon of the last renewal). Does nothing if the owner no longer holds
	 * it.
	 * @param lease the lease
	 * @param lastIssuedMillis the last timestamp the owner issued IDs at, at or after
	 * that of every ID it returned and at or after the last timestamp it received with
	 * the lease
	 * @throws io.github.idgen.BackendUnavailableException if the store failed
	 */
	void release(WorkerLease lease, long lastIssuedMillis);

	/**
	 * Return the number of live leases, for the message when no worker ID is free.
	 * @return the live lease count
	 * @throws io.github.idgen.BackendUnavailableException if the store failed
	 */
	int countLive();

}
