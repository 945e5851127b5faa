-- Reserves up to ARGV[3] consecutive sequence slots of one millisecond for one shard of
-- one sequence on this Redis node. See RedisTimeSequence for the whole algorithm.
--
-- KEYS[1]  the state of the shard of the sequence on this node, a hash with the fields
--          config: the configuration of the clients that use it (node index, node
--                  count, layout); every client must bring the same
--          ms:     the last millisecond handed out, in Unix time by this node's clock
--          free:   the first slot of that millisecond not yet handed out
-- ARGV[1]  the configuration of the calling client
-- ARGV[2]  the number of slots of one millisecond on this node, at least 1
-- ARGV[3]  the number of slots wanted, at least 1
-- ARGV[4]  how many milliseconds this node may run ahead of its clock, at least 0
--
-- The state never goes back: if the clock reads the last millisecond or an earlier
-- one, the script keeps counting in the last millisecond, and once that is used up it
-- moves on to the next one, but only as far as ARGV[4] milliseconds ahead of the
-- clock. The key never expires: without it the script could not tell that the clock
-- went back.
--
-- Replies, with exact integers: Lua numbers are doubles, exact up to 2^53, and no
-- value here exceeds that (Unix milliseconds until the year 287396, slots because
-- the layout has at most 53 sequence bits).
--   {0, millisecond, first slot, number of slots}   the slots are reserved
--   {1, configuration}                              the key belongs to another configuration
--   {2, milliseconds behind}                        the next free millisecond lies more than
--                                                   ARGV[4] ms ahead of the clock; the reply
--                                                   says how far the clock is behind the
--                                                   last millisecond handed out
local state = redis.call('HMGET', KEYS[1], 'config', 'ms', 'free')
if state[1] and state[1] ~= ARGV[1] then
	return {1, state[1]}
end
local slots = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ms = tonumber(state[2]) or 0
local free = tonumber(state[3]) or 0
if now > ms then
	ms = now
	free = 0
elseif free >= slots then
	if ms + 1 - now > tonumber(ARGV[4]) then
		return {2, ms - now}
	end
	ms = ms + 1
	free = 0
end
local taken = math.min(tonumber(ARGV[3]), slots - free)
redis.call('HSET', KEYS[1], 'config', ARGV[1], 'ms', ms, 'free', free + taken)
return {0, ms, free, taken}
