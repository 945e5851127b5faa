-- Reserves IDs of one sequence in one atomic step: see RedisSegmentStore.
--
-- KEYS[1]  the counter: the last ID reserved so far in the current cycle
-- KEYS[2]  the guard: the highest counter position known to have existed, 'value' in
--          cycle 0 or 'cycle:value' after a wrap
-- KEYS[3]  the stamp: '<server>:<millis>', the server (see below) that last reserved IDs
--          of the counter and its clock then
-- KEYS[4]  the cycle, of a cyclic sequence only: how often its counter has wrapped; the
--          script writes it with the counter, so that every key it names exists (Redis
--          Cluster runs a script on a slot being migrated only where all of its keys
--          exist, and answers TRYAGAIN where some do)
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
-- ARGV[9]  the server the caller last reserved IDs of this counter from, '' if none:
--          tells a change of server when the stamp was lost with the counter
-- ARGV[10] the server on which the caller moves the counter forward after a change of
--          server (ARGV[6..8] then give where to), '' otherwise
--
-- A server is '<run id>:<replication id>:<backlog>', from INFO: the run id of the Redis
-- process, its master_replid, and 1 if its replication backlog is active, 0 if not; or
-- the run id alone, as stamps written before replication ids were read hold it. The
-- server that runs the script continues a server recorded in a stamp (nothing can have
-- been lost in between) when both have the same run id (no restart) and either the same
-- replication id or, when no replica was ever promoted in between, a backlog created
-- since: a promotion, a failback to a former master among them, sets master_replid2 to
-- the replication id it leaves, and a freed backlog (repl-backlog-ttl) clears it again,
-- so that a freed backlog counts as a change, while a backlog created when the first
-- replica of a master without one attaches does not. A recorded run id alone continues
-- a server of that run id.
--
-- Every value is a non-negative integer in canonical decimal form and is compared as a
-- string, never through tonumber: Lua numbers are doubles, exact only up to 2^53. For the
-- same reason new values are read back with GET rather than taken from INCRBY's reply.
-- Positions (cycle, value) are compared cycle first.
--
-- Returns {outcome, cycle found, counter found, cycle, value, from, server, now, stamped},
-- where the cycle and the counter found are '' if missing, server is this server, now
-- its clock in milliseconds, and stamped the time in the stamp found, '' if there was
-- none:
--   RESERVED   IDs (from, value] of cycle were reserved
--   RESEEDED   the counter was missing or behind the highest position known and was
--              re-seeded there first; then IDs (from, value] of cycle were reserved
--   LOST       the counter was missing or behind the highest position known; nothing was
--              reserved and the guard now holds that position (cycle, value)
--   EXHAUSTED  the counter (cycle, value) cannot grow by step without passing the limit,
--              or a bounded counter is at max; nothing was reserved
--   CHANGED    the counter was last reserved on a server that this one does not continue
--              (its stamp, or else the caller's ARGV[9]) and this server does not
--              continue ARGV[10] either: the counter may be behind; nothing was reserved,
--              (cycle, value) is the highest position known (the counter, the guard, the
--              caller's) and the guard now holds it, so that an instance that knows
--              nothing refuses a lost counter too, but the stamp is left as it was, so
--              that every instance finds the change until one moves the counter forward
--   INVALID    the cycle, the counter or the guard (value) is not valid
--   CYCLED     the guard holds a position after a wrap (value) while the sequence is not
--              cyclic; nothing was reserved
-- On a replica (INFO replication: role other than master) the script writes nothing and
-- returns the error READONLY, as a read-only replica refuses any write.

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

local NO_REPLICATION_ID = '0000000000000000000000000000000000000000'

-- Returns the value of a field of INFO found at or after a position, and where the
-- value ends, or nil and the position if there is none. A plain search, from where the
-- field before it was found, costs less than a pattern: INFO lists its fields in a fixed
-- order, and the server section comes before the replication section.
local function field(info, name, from)
	local at = string.find(info, name, from, true)
	if not at then
		return nil, from
	end
	local start = at + #name
	local stop = (string.find(info, '\r', start, true) or (#info + 1)) - 1
	return string.sub(info, start, stop), stop
end

local cyclic = ARGV[5] == 'cyclic'
-- GET, not MGET, which reads a key of another type as missing rather than failing.
local counter = redis.call('GET', KEYS[1])
local guard = redis.call('GET', KEYS[2])
local stamp = redis.call('GET', KEYS[3])
local cycle = cyclic and redis.call('GET', KEYS[4]) or nil
local guardCycle, guardValue
if guard then
	guardCycle, guardValue = parseGuard(guard)
end

-- The replication section first. A master whose replication id is the one in the stamp
-- wrote that stamp itself, in this process: a master takes a new replication id at every
-- start, promotion and backlog change (a replication id names one history of the data,
-- which is what lets replicas resume from it), and no replica's write reaches its master.
-- Then the run id (40 hex digits, as is the replication id) is the stamp's, and INFO
-- server, which costs the server more than INFO replication, is left out; else it tells
-- the run id, and the clock with it.
local replication = redis.pcall('INFO', 'replication')
local role, replicationId, replicationId2, backlog, at
if type(replication) == 'string' then
	role, at = field(replication, '\nrole:', 1)
	replicationId, at = field(replication, '\nmaster_replid:', at)
	replicationId2, at = field(replication, '\nmaster_replid2:', at)
	backlog = field(replication, '\nrepl_backlog_active:', at)
end
if not (replicationId and replicationId2 and (backlog == '0' or backlog == '1')) then
	replicationId = nil
end
-- A replica that accepts writes (replica-read-only no) keeps them to itself: its master
-- never sees them, and overwrites them as it replicates on. IDs reserved there would be
-- reserved again on the master, so it is refused as a read-only replica refuses every
-- write: READONLY, which the caller retries until it reaches the master.
if role and role ~= 'master' then
	return redis.error_reply('READONLY idgen reserves IDs on a master only, and this server is a replica (role:'
		.. role .. '): writes on a replica never reach its master')
end
local runId, now
if stamp and replicationId and role == 'master' and string.sub(stamp, 41, 82) == ':' .. replicationId .. ':'
		and string.find(string.sub(stamp, 1, 40), '^%x+$') then
	runId = string.sub(stamp, 1, 40)
	local time = redis.call('TIME')
	now = time[1] .. string.format('%03d', math.floor(tonumber(time[2]) / 1000))
else
	local info = redis.pcall('INFO', 'server')
	if type(info) == 'string' then
		runId, at = field(info, '\nrun_id:', 1)
		local micros = field(info, '\nserver_time_usec:', at)
		if micros and string.find(micros, '^%d%d%d%d+$') then
			now = string.sub(micros, 1, #micros - 3)
		end
	end
	if not now then
		local time = redis.call('TIME')
		now = time[1] .. string.format('%03d', math.floor(tonumber(time[2]) / 1000))
	end
end
if not runId or not string.find(runId, '^%x+$') then
	return redis.error_reply('ERR idgen needs INFO server, which the Redis user may not run or which has no run_id, '
		.. 'to tell a restart or a failover')
end
local server = runId
if replicationId then
	server = runId .. ':' .. replicationId .. ':' .. backlog
end

-- Whether this server continues a recorded one: see the top of this script.
local function continues(recorded)
	if recorded == server then
		return true
	end
	local recordedRun, recordedReplication, recordedBacklog = string.match(recorded, '^(%x+):(%x+):([01])$')
	if not recordedRun then
		return recorded == runId
	end
	if recordedRun ~= runId or not replicationId then
		return recordedRun == runId
	end
	if recordedReplication == replicationId then
		return true
	end
	return replicationId2 == NO_REPLICATION_ID and recordedBacklog == '0' and backlog == '1'
end

local stampServer, stamped = nil, ''
if stamp then
	if string.sub(stamp, 1, #server + 1) == server .. ':' then
		stampServer, stamped = server, string.sub(stamp, #server + 2)
	else
		stampServer, stamped = string.match(stamp, '^(.*):(%d+)$')
	end
	if not stampServer then
		stampServer, stamped = stamp, ''
	elseif #stamped > 15 or not string.find(stamped, '^%d+$') then
		stamped = ''
	end
end
if (counter and not valid(counter)) or (cycle and not valid(cycle)) or (guard and not guardCycle) then
	return {'INVALID', cycle or '', counter or '', '', guard or '', '', server, now, stamped}
end
if not cyclic and guard and guardCycle ~= '0' then
	return {'CYCLED', '', counter or '', guardCycle, guardValue, '', server, now, stamped}
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
	changed = not continues(stampServer)
else
	changed = ARGV[9] ~= '' and not continues(ARGV[9])
end
if changed and not (ARGV[10] ~= '' and continues(ARGV[10])) then
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
	if cyclic and cycle ~= '0' then
		redis.call('SET', KEYS[4], cycle)
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
		redis.call('INCR', KEYS[4])
		cycle = redis.call('GET', KEYS[4])
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
if cyclic and foundCycle == '' then
	redis.call('SET', KEYS[4], cycle)
end
redis.call('SET', KEYS[2], guardOf(cycle, value))
redis.call('SET', KEYS[3], server .. ':' .. now)
return {outcome, foundCycle, found, cycle, value, from, server, now, stamped}
