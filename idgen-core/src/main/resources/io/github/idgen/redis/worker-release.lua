-- Gives up a lease that the owner still holds and sets its last timestamp exactly, even
-- lower than the horizon the last renewal stored: see RedisWorkerLeaseStore.
--
-- KEYS[1]  the lease: the owner, expiring after the ttl on the Redis server's clock
-- KEYS[2]  the last timestamp the owners of the worker id issued IDs at, never expiring
-- ARGV[1]  the owner
-- ARGV[2]  the last timestamp the owner issued IDs at, a non-negative integer in canonical
--          decimal form, stored as the string it is (never through tonumber)
--
-- Returns 1 if the owner held the lease (it is now deleted), 0 if the lease expired or
-- another owner holds it (nothing changed).
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
	return 0
end
redis.call('DEL', KEYS[1])
redis.call('SET', KEYS[2], ARGV[2])
return 1
