-- Reserves IDs of one sequence in one atomic step: see RedisSegmentStore.
--
-- KEYS[1]  the counter: the last ID reserved so far in the current cycle
-- KEYS[2]  the guard: the highest counter position known to have existed, 'value' in
--          cycle 0 or 'cycle:value' after a wrap
-- KEYS[3]  the cycle: how often a cyclic counter has wrapped, missing for 0
-- KEYS[4]  the stamp: 'runid:millis', the run id of the Redis server process that last
--          reserved IDs of the counter and its clock then; a promoted replica or a
--          restarted server has another run id, so a stamp that names another one tells
--          that the counter may be behind, and its time since when
-- ARGV[1]  step: the number of IDs to reserve; 0 only makes sure the counter exists
-- ARGV[2]  limit: the largest counter value that can still grow by the whole step
--          (max - step), '' if none can
-- ARGV[3]  initial: the value of a new counter, and of a counter that wraps (start - 1)
-- ARGV[4]  max: the largest ID of the sequence
-- ARGV[5]  mode: 'unbounded' refuses a step that would pass the limit; 'bounded' cuts the
--          segment at max and refuses once the counter is at max; 'cyclic' cuts the
--          segment at max and wraps to initial once the counter is at max, adding 1 to
--          the cycle
-- ARGV[6]  the cycle of the highest position the caller knows of, 0 if none
-- ARGV[7]  the value of the highest position the caller knows of, 0 if none
-- ARGV[8]  '1' to re-seed a lost counter at the highest position known, '0' to refuse
-- ARGV[9]  the run id of the server the caller last reserved IDs of this counter from, ''
--          if none: tells a change of server when the stamp was lost with the counter
-- ARGV[10] the run id of the server on which the caller moves the counter forward after
--          a change of server (ARGV[6..8] then give where to), '' otherwise
--
-- Every value is a non-negative integer in canonical decimal form and is compared as a
-- string, never through tonumber: Lua numbers are doubles, exact only up to 2^53. For the
-- same reason new values are read back with GET rather than taken from INCRBY's reply.
-- Positions (cycle, value) are compared cycle first.
--
-- Returns {outcome, cycle found, counter found, cycle, value, from, server, now, stamped},
-- where the cycle and the counter found are '' if missing, server is this server's run
-- id, now its clock in milliseconds (TIME), and stamped the time in the stamp found, ''
-- if there was none:
--   RESERVED   IDs (from, value] of cycle were reserved
--   RESEEDED   the counter was missing or behind the highest position known and was
--              re-seeded there first; then IDs (from, value] of cycle were reserved
--   LOST       the counter was missing or behind the highest position known; nothing was
--              reserved and the guard now holds that position (cycle, value)
--   EXHAUSTED  the counter (cycle, value) cannot grow by step without passing the limit,
--              or a bounded counter is at max; nothing was reserved
--   CHANGED    the counter was last reserved on another server (its stamp, or else the
--              caller's ARGV[9], is not this server's run id) and ARGV[10] is not this
--              server's run id either: the counter may be behind; nothing was reserved,
--              (cycle, value) is the highest position known (the counter, the guard, the
--              caller's) and the guard now holds it, so that an instance that knows
--              nothing refuses a lost counter too, but the stamp is left as it was, so
--              that every instance finds the change until one moves the counter forward
--   INVALID    the cycle, the counter or the guard (value) is not valid

local function valid(number)
	return number == '0' or string.find(number, '^[1-9]%d*$') ~= nil
end

local function less(a, b)
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
	local cycle, value = string.match(guard, '^(%d+):(%d+)$')
	if not cycle then
		cycle, value = '0', guard
	end
	if valid(cycle) and valid(value) then
		return cycle, value
	end
	return nil, nil
end

local function guardOf(cycle, value)
	if cycle == '0' then
		return value
	end
	return cycle .. ':' .. value
end

local counter = redis.call('GET', KEYS[1])
local guard = redis.call('GET', KEYS[2])
local cycle = redis.call('GET', KEYS[3])
local guardCycle, guardValue
if guard then
	guardCycle, guardValue = parseGuard(guard)
end
local info = redis.pcall('INFO', 'server')
local server = (type(info) == 'string') and string.match(info, 'run_id:(%x+)') or nil
if not server then
	return redis.error_reply('ERR idgen needs INFO server, which the Redis user may not run or which has no run_id, '
		.. 'to tell a restart or a failover')
end
local time = redis.call('TIME')
local now = time[1] .. string.format('%03d', math.floor(tonumber(time[2]) / 1000))
local stamp = redis.call('GET', KEYS[4])
local stampServer, stamped = nil, ''
if stamp then
	stampServer, stamped = string.match(stamp, '^(%x+):(%d+)$')
	if not stampServer then
		stampServer, stamped = stamp, ''
	elseif #stamped > 15 then
		stamped = ''
	end
end
if (counter and not valid(counter)) or (cycle and not valid(cycle)) or (guard and not guardCycle) then
	return {'INVALID', cycle or '', counter or '', '', guard or '', '', server, now, stamped}
end

local foundCycle = cycle or ''
local found = counter or ''
cycle = cycle or '0'
local knownCycle, knownValue = ARGV[6], ARGV[7]
if guard and before(knownCycle, knownValue, guardCycle, guardValue) then
	knownCycle, knownValue = guardCycle, guardValue
end

local changed
if stamp then
	changed = stampServer ~= server
else
	changed = ARGV[9] ~= '' and ARGV[9] ~= server
end
if changed and ARGV[10] ~= server then
	if counter and before(knownCycle, knownValue, cycle, counter) then
		knownCycle, knownValue = cycle, counter
	end
	if not guard or before(guardCycle, guardValue, knownCycle, knownValue) then
		redis.call('SET', KEYS[2], guardOf(knownCycle, knownValue))
	end
	return {'CHANGED', foundCycle, found, knownCycle, knownValue, '', server, now, stamped}
end

local outcome = 'RESERVED'
if not counter and knownCycle == '0' and knownValue == '0' then
	counter = ARGV[3]
	redis.call('SET', KEYS[1], counter)
elseif not counter or before(cycle, counter, knownCycle, knownValue) then
	if ARGV[8] ~= '1' then
		if not guard or before(guardCycle, guardValue, knownCycle, knownValue) then
			redis.call('SET', KEYS[2], guardOf(knownCycle, knownValue))
		end
		return {'LOST', foundCycle, found, knownCycle, knownValue, '', server, now, stamped}
	end
	cycle, counter = knownCycle, knownValue
	if less(counter, ARGV[3]) then
		counter = ARGV[3]
	end
	redis.call('SET', KEYS[1], counter)
	if cycle ~= '0' then
		redis.call('SET', KEYS[3], cycle)
	end
	outcome = 'RESEEDED'
end

local mode = ARGV[5]
local from = counter
if mode == 'unbounded' then
	if ARGV[2] == '' or less(ARGV[2], counter) then
		return {'EXHAUSTED', foundCycle, found, cycle, counter, '', server, now, stamped}
	end
	redis.call('INCRBY', KEYS[1], ARGV[1])
else
	if not less(counter, ARGV[4]) then
		if mode ~= 'cyclic' then
			return {'EXHAUSTED', foundCycle, found, cycle, counter, '', server, now, stamped}
		end
		redis.call('INCR', KEYS[3])
		cycle = redis.call('GET', KEYS[3])
		from = ARGV[3]
	end
	if ARGV[2] == '' or less(ARGV[2], from) then
		redis.call('SET', KEYS[1], ARGV[4])
	else
		redis.call('SET', KEYS[1], from)
		redis.call('INCRBY', KEYS[1], ARGV[1])
	end
end
local value = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[2], guardOf(cycle, value))
redis.call('SET', KEYS[4], server .. ':' .. now)
return {outcome, foundCycle, found, cycle, value, from, server, now, stamped}
