-- Leases one worker id if no live lease holds it: see RedisWorkerLeaseStore.
--
-- KEYS[1]  the lease: the owner, expiring after the ttl on the Redis server's clock
-- KEYS[2]  the last timestamp the owners of the worker id issued IDs at, never expiring
-- ARGV[1]  the owner
-- ARGV[2]  the ttl in milliseconds
--
-- Returns the last timestamp ('0' if none) if the lease was taken, nil if a live lease
-- holds the worker id.
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
	return redis.call('GET', KEYS[2]) or '0'
end
return false
