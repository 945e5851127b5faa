-- Sets a counter if it holds the expected value and raises its guard with it, in one
-- atomic step, for a RedisSegmentStore serving as one stripe of a StripedSegmentStore:
-- see RedisSegmentStore.
--
-- KEYS[1]  the counter
-- KEYS[2]  the guard: the highest counter position known to have existed, 'value' in
--          cycle 0 or 'cycle:value' after a wrap (see reserve.lua)
--
-- A stripe's counter never wraps: its position is in cycle 0, so that a guard after a
-- wrap (of a sequence that was cyclic before) lies ahead of it. The cycle key is not
-- named, since it does not exist for a sequence that never wrapped, and Redis Cluster
-- runs a script on a slot being migrated only where every key it names exists.
-- ARGV[1]  the value the counter must hold, '' if it must not exist
-- ARGV[2]  the new value
--
-- Values are integers in canonical decimal form, negative ones too (the records of a
-- stripe layout hold -1 for a retired store), compared as strings and never through
-- tonumber: Lua numbers are doubles, exact only up to 2^53. Positions (cycle, value) are
-- compared cycle first.
--
-- Returns {outcome, counter found, guard found}, each found '' if missing:
--   SET        the counter held ARGV[1], or did not exist and ARGV[1] is '', and now
--              holds ARGV[2]; the guard holds the new position, unless it held a later one
--   DIFFERENT  the counter did not hold ARGV[1], or existed while ARGV[1] is ''; nothing
--              was written
--   LOST       the counter is missing while its guard exists, or behind its guard: it was
--              lost or set back, and IDs up to the guard may have been handed out; nothing
--              was written
--   INVALID    the counter or the guard is not valid; nothing was written
-- On a replica (INFO replication: role other than master) the script writes nothing and
-- returns the error READONLY, as a read-only replica refuses any write.

local function natural(number)
	return number == '0' or string.find(number, '^[1-9]%d*$') ~= nil
end

local function integer(number)
	return natural(number) or string.find(number, '^-[1-9]%d*$') ~= nil
end

local function less(a, b)
	local negativeA, negativeB = string.sub(a, 1, 1) == '-', string.sub(b, 1, 1) == '-'
	if negativeA ~= negativeB then
		return negativeA
	end
	if negativeA then
		a, b = string.sub(b, 2), string.sub(a, 2)
	end
	if #a ~= #b then
		return #a < #b
	end
	return a < b
end

local function before(cycleA, valueA, cycleB, valueB)
	if cycleA ~= cycleB then
		return less(cycleA, cycleB)
	end
	return less(valueA, valueB)
end

local function parseGuard(guard)
	local cycle, value = string.match(guard, '^(%d+):(-?%d+)$')
	if not cycle then
		cycle, value = '0', guard
	end
	if natural(cycle) and integer(value) then
		return cycle, value
	end
	return nil, nil
end

-- A replica that accepts writes (replica-read-only no) keeps them to itself: its master
-- never sees them, so the same compare-and-set would succeed there too. It is refused as
-- a read-only replica refuses every write: READONLY, which the caller retries. A user
-- that may not run INFO is not refused for it here.
local replication = redis.pcall('INFO', 'replication')
if type(replication) == 'string' then
	local at = string.find(replication, '\nrole:', 1, true)
	local role = at and string.match(replication, '^(%a+)', at + 6)
	if role and role ~= 'master' then
		return redis.error_reply('READONLY idgen sets counters on a master only, and this server is a replica (role:'
			.. role .. '): writes on a replica never reach its master')
	end
end

local counter = redis.call('GET', KEYS[1])
local guard = redis.call('GET', KEYS[2])
local guardCycle, guardValue
if guard then
	guardCycle, guardValue = parseGuard(guard)
end
local found, foundGuard = counter or '', guard or ''
if (counter and not integer(counter)) or (guard and not guardCycle) then
	return {'INVALID', found, foundGuard}
end

if guard and (not counter or before('0', counter, guardCycle, guardValue)) then
	return {'LOST', found, foundGuard}
end
if (ARGV[1] == '' and counter) or (ARGV[1] ~= '' and counter ~= ARGV[1]) then
	return {'DIFFERENT', found, foundGuard}
end
redis.call('SET', KEYS[1], ARGV[2])
if not guard or before(guardCycle, guardValue, '0', ARGV[2]) then
	redis.call('SET', KEYS[2], ARGV[2])
end
return {'SET', found, foundGuard}
