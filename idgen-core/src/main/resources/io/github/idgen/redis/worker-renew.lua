-- Extends a lease that the owner still holds and raises its last timestamp to the
-- owner's horizon, never lowering it: see RedisWorkerLeaseStore.
--
-- KEYS[1]  the lease: the owner, expiring after the ttl on the Redis server's clock
-- KEYS[2]  the last timestamp the owners of the worker id issued IDs at, never expiring
-- ARGV[1]  the owner
-- ARGV[2]  the new ttl in milliseconds
-- ARGV[3]  the owner's horizon (the latest timestamp it may issue IDs at), a non-negative integer in canonical
--          decimal form, compared as a string (never through tonumber, exact to 2^63)
--
-- Returns 1 if the owner held the lease (it now expires after the new ttl), 0 if the
-- lease expired or another owner holds it (nothing changed).
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
	return 0
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local last = redis.call('GET', KEYS[2])
if not last or #ARGV[3] > #last or (#ARGV[3] == #last and ARGV[3] > last) then
	redis.call('SET', KEYS[2], ARGV[3])
end
return 1
