-- Reserves IDs of one sequence in one atomic step: see RedisSegmentStore.
--
-- KEYS[1]  the counter: the last ID reserved so far
-- KEYS[2]  the guard: the highest counter value known to have existed
-- ARGV[1]  step: the number of IDs to reserve; 0 only makes sure the counter exists
-- ARGV[2]  limit: the largest counter value that can still grow by step (Long.MAX_VALUE - 1 - step)
-- ARGV[3]  initial: the value of a new counter (start - 1)
-- ARGV[4]  known: the highest counter value the caller knows of, 0 if none
-- ARGV[5]  '1' to re-seed a lost counter at the highest value known, '0' to refuse
--
-- Every value is a non-negative integer in canonical decimal form and is compared as a
-- string, never through tonumber: Lua numbers are doubles, exact only up to 2^53. For the
-- same reason the new counter is read back with GET rather than taken from INCRBY's reply.
--
-- Returns {outcome, counter, value}, where counter is the counter found ('' if missing):
--   RESERVED   value is the new counter
--   RESEEDED   the counter was missing or below the highest value known and was re-seeded
--              there first; value is the new counter
--   LOST       the counter was missing or below the highest value known; nothing was
--              reserved and the guard now holds that value (value)
--   EXHAUSTED  the counter (value) cannot grow by step without passing the limit; nothing was
--              reserved
--   INVALID    the counter or the guard (value) is not a non-negative integer

local function valid(number)
	return number == '0' or string.find(number, '^[1-9]%d*$') ~= nil
end

local function less(a, b)
	if #a ~= #b then
		return #a < #b
	end
	return a < b
end

local function max(a, b)
	if less(a, b) then
		return b
	end
	return a
end

local counter = redis.call('GET', KEYS[1])
local guard = redis.call('GET', KEYS[2])
if (counter and not valid(counter)) or (guard and not valid(guard)) then
	return {'INVALID', counter or '', guard or ''}
end

local known = ARGV[4]
if guard then
	known = max(known, guard)
end

local outcome = 'RESERVED'
local found = counter or ''
if not counter and known == '0' then
	counter = ARGV[3]
	redis.call('SET', KEYS[1], counter)
elseif not counter or less(counter, known) then
	if ARGV[5] ~= '1' then
		if not guard or less(guard, known) then
			redis.call('SET', KEYS[2], known)
		end
		return {'LOST', found, known}
	end
	counter = max(known, ARGV[3])
	redis.call('SET', KEYS[1], counter)
	outcome = 'RESEEDED'
end

if less(ARGV[2], counter) then
	return {'EXHAUSTED', found, counter}
end

redis.call('INCRBY', KEYS[1], ARGV[1])
local value = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[2], value)
return {outcome, found, value}
