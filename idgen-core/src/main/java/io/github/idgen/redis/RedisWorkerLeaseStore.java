package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * A {@link WorkerLeaseStore} that keeps its leases in Redis, through Spring Data Redis,
 * on a standalone server or a Redis Cluster.
 * <p>
 * Each worker ID has a lease key {@code <prefix>worker:{<id>}}, which holds the owner and
 * expires after the ttl, and a last-timestamp key {@code <prefix>worker:{<id>}:last},
 * which never expires and holds the last timestamp no ID of the owners of the id is
 * after: raised to the owner's horizon by every renewal, set exactly to the last
 * millisecond issued by a release. Both keys share the hash tag {@code <id>}, so each
 * script below touches one cluster slot. Every operation is one Lua script, which Redis
 * executes atomically:
 * <ul>
 * <li><b>Acquire</b> ({@code worker-acquire.lua}) runs {@code SET lease owner NX PX ttl}
 * and, if that set the key, returns the last timestamp. The store tries ids from 0 up,
 * one script per id, and stops at the first it gets.</li>
 * <li><b>Renew</b> ({@code worker-renew.lua}) checks {@code GET lease == owner}, then
 * runs {@code PEXPIRE lease ttl} and raises the last timestamp to the owner's horizon
 * (never lowers it).</li>
 * <li><b>Release</b> ({@code worker-release.lua}) checks {@code GET lease == owner}, then
 * deletes the lease and sets the last timestamp to exactly the last millisecond the owner
 * issued IDs at, which may be lower.</li>
 * </ul>
 * Expiry is decided on one clock, the Redis server's: {@code PX} and {@code PEXPIRE}
 * count the ttl on the server, so the clocks of the generator instances play no part.
 * Timestamps are compared and stored as decimal strings in the scripts, never as Lua
 * numbers.
 * <p>
 * The live leases are counted with {@code EXISTS} on the lease keys of ids 0 up to the
 * largest {@code maxWorkerId} this instance was asked to acquire from
 * ({@value #DEFAULT_COUNT_MAX_WORKER_ID}, the largest id of 10 worker bits, before the
 * first acquire).
 * <p>
 * The keys of this store lie where no sequence key can: every key of a sequence continues
 * its prefix with a brace ({@code <prefix>{<sequence>}...}), every key of this store with
 * {@code worker:}, so that no sequence name, whatever a caller passes, can take or block
 * a worker ID. Redis without persistence, or a failover to a replica that lacks a lease,
 * forgets leases, so that an id can be leased twice; the last-timestamp keys are lost the
 * same way.
 */
public class RedisWorkerLeaseStore implements WorkerLeaseStore {

	/**
	 * The largest worker ID {@link #countLive()} checks before the first acquire.
	 */
	public static final int DEFAULT_COUNT_MAX_WORKER_ID = 1023;

	private static final RedisScript<String> ACQUIRE = LuaScripts.load("worker-acquire.lua", String.class);

	private static final RedisScript<Long> RENEW = LuaScripts.load("worker-renew.lua", Long.class);

	private static final RedisScript<Long> RELEASE = LuaScripts.load("worker-release.lua", Long.class);

	private final StringRedisTemplate template;

	private final String prefix;

	private final AtomicInteger countMaxWorkerId = new AtomicInteger(DEFAULT_COUNT_MAX_WORKER_ID);

	/**
	 * Create a store with the {@link RedisKeys#DEFAULT_PREFIX default prefix}.
	 * @param connectionFactory the connection factory, standalone or cluster
	 */
	public RedisWorkerLeaseStore(RedisConnectionFactory connectionFactory) {
		this(connectionFactory, RedisKeys.DEFAULT_PREFIX);
	}

	/**
	 * Create a store.
	 * @param connectionFactory the connection factory, standalone or cluster
	 * @param prefix the prefix of every key, valid as {@link RedisKeys} defines it
	 */
	public RedisWorkerLeaseStore(RedisConnectionFactory connectionFactory, String prefix) {
		Objects.requireNonNull(connectionFactory, "RedisConnectionFactory must not be null");
		this.prefix = new RedisKeys(prefix).prefix();
		this.template = new StringRedisTemplate(connectionFactory);
	}

	@Override
	public Optional<WorkerLease> acquire(String owner, int maxWorkerId, Duration ttl) {
		Objects.requireNonNull(owner, "Owner must not be null");
		String ttlMillis = ttlMillis(ttl);
		this.countMaxWorkerId.accumulateAndGet(maxWorkerId, Math::max);
		for (int workerId = 0; workerId <= maxWorkerId; workerId++) {
			String last = run("acquire worker ID " + workerId, ACQUIRE, workerId, owner, ttlMillis);
			if (last != null) {
				return Optional.of(new WorkerLease(workerId, owner, Long.parseLong(last)));
			}
		}
		return Optional.empty();
	}

	@Override
	public boolean renew(WorkerLease lease, Duration ttl, long lastIssuedMillis) {
		Long renewed = run("renew worker ID " + lease.workerId(), RENEW, lease.workerId(), lease.owner(),
				ttlMillis(ttl), timestamp(lastIssuedMillis));
		return renewed != null && renewed == 1;
	}

	@Override
	public void release(WorkerLease lease, long lastIssuedMillis) {
		run("release worker ID " + lease.workerId(), RELEASE, lease.workerId(), lease.owner(),
				timestamp(lastIssuedMillis));
	}

	@Override
	public int countLive() {
		List<String> leases = new ArrayList<>();
		for (int workerId = 0; workerId <= this.countMaxWorkerId.get(); workerId++) {
			leases.add(leaseKey(workerId));
		}
		try {
			Long live = this.template.countExistingKeys(leases);
			return (live != null) ? live.intValue() : 0;
		}
		catch (DataAccessException ex) {
			throw RedisFailures.translate("Could not count the live worker leases in Redis", ex);
		}
	}

	/**
	 * Return the lease key of a worker ID.
	 * @param workerId the worker ID
	 * @return {@code <prefix>worker:{<id>}}
	 */
	public String leaseKey(int workerId) {
		return this.prefix + "worker:{" + workerId + "}";
	}

	/**
	 * Return the key of the last timestamp of a worker ID, in the slot of its lease key.
	 * @param workerId the worker ID
	 * @return {@code <prefix>worker:{<id>}:last}
	 */
	public String lastTimestampKey(int workerId) {
		return leaseKey(workerId) + ":last";
	}

	private <T> T run(String action, RedisScript<T> script, int workerId, String... args) {
		try {
			return this.template.execute(script, List.of(leaseKey(workerId), lastTimestampKey(workerId)),
					(Object[]) args);
		}
		catch (DataAccessException ex) {
			throw RedisFailures.translate("Could not " + action + " in Redis key '" + leaseKey(workerId) + "'", ex);
		}
	}

	private static String ttlMillis(Duration ttl) {
		long millis = ttl.toMillis();
		if (millis < 1) {
			throw new IllegalArgumentException("Lease ttl must be at least 1 ms but was " + ttl);
		}
		return Long.toString(millis);
	}

	private static String timestamp(long lastIssuedMillis) {
		if (lastIssuedMillis < 0) {
			throw new IllegalArgumentException(
					"Last issued timestamp must not be negative but was " + lastIssuedMillis);
		}
		return Long.toString(lastIssuedMillis);
	}

}
