#!/usr/bin/env bash
# What the Redis reserve script (idgen-core's reserve.lua) costs the server per run, as
# INFO commandstats counts it (usec_per_call of EVALSHA), next to an INCR: on a throwaway
# redis-server of its own (a free port, no persistence), with redis-benchmark, 4 clients,
# 200,000 runs a round, reserving one ID of an unbounded sequence whose keys exist, as
# every reservation but a sequence's first does. With a git revision as argument it runs
# the script of that revision too, alternating rounds, so that both are measured in one
# session: bash idgen-benchmarks/reserve-script-cost.sh fc91fc5
set -euo pipefail
cd "$(dirname "$0")/.."

base=${1:-}
rounds=${ROUNDS:-5}
script=idgen-core/src/main/resources/io/github/idgen/redis/reserve.lua
work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" --daemonize yes \
	--logfile "$work/redis.log"
trap 'redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
until [ "$(redis-cli -p "$port" ping 2>/dev/null)" = "PONG" ]; do sleep 0.1; done

# The arguments of one reservation of one ID: step 1, limit, initial 0, max, unbounded,
# nothing known, no re-seed, no server known, no move.
reservation=(1 9223372036854775806 0 9223372036854775807 unbounded 0 0 0 "" "")

# Prints the server's microseconds per call of one command, run 200,000 times.
cost() {
	local stat=$1
	shift
	redis-cli -p "$port" config resetstat >/dev/null
	redis-benchmark -p "$port" -c 4 -n 200000 "$@" >/dev/null 2>&1
	redis-cli -p "$port" info commandstats | tr -d '\r' | sed -n "s/^cmdstat_$stat:.*usec_per_call=\([0-9.]*\).*/\1/p"
}

current=$(redis-cli -p "$port" script load "$(cat "$script")")
if [ -n "$base" ]; then
	git show "$base:$script" >"$work/base.lua"
	previous=$(redis-cli -p "$port" script load "$(cat "$work/base.lua")")
	# Before issue 26 the script named four keys, the cycle third and the stamp fourth.
	previous_keys=(4 'b:{s}' 'b:{s}:guard' 'b:{s}:cycle' 'b:{s}:server')
	if ! grep -q "KEYS\[4\]  the stamp" "$work/base.lua"; then
		previous_keys=(3 'b:{s}' 'b:{s}:guard' 'b:{s}:server')
	fi
fi
median() {
	tr ' ' '\n' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

currents=() previouses=() incrs=()
for round in $(seq 1 "$rounds"); do
	currents+=("$(cost evalsha EVALSHA "$current" 3 'c:{s}' 'c:{s}:guard' 'c:{s}:server' "${reservation[@]}")")
	line="round $round: reserve.lua ${currents[-1]} us"
	if [ -n "$base" ]; then
		previouses+=("$(cost evalsha EVALSHA "$previous" "${previous_keys[@]}" "${reservation[@]}")")
		line="$line, $base's ${previouses[-1]} us"
	fi
	incrs+=("$(cost incr INCR 'i:{s}')")
	echo "$line, INCR ${incrs[-1]} us"
done
line="median of $rounds rounds: reserve.lua $(echo "${currents[*]}" | median) us"
if [ -n "$base" ]; then
	line="$line, $base's $(echo "${previouses[*]}" | median) us"
fi
echo "$line, INCR $(echo "${incrs[*]}" | median) us"
