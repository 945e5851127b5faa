package io.github.idgen.redis;

import java.math.BigInteger;
import java.util.concurrent.TimeUnit;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceNames;

/**
 * How far a {@link RedisSegmentStore} without a floor moves a counter that cannot be
 * trusted: the failover jump, and as much again for every minute since the counter was
 * last reserved, by its stamp or else by what this instance last received, on the clock
 * of the Redis server that serves it now. While fewer IDs than the jump are reserved per
 * minute, every reservation lost with the counter lies within that distance; and a
 * counter restored to the same state twice (a second restart from one snapshot, a second
 * failover to a replica without the first move) moves further the second time, past what
 * was reserved after the first.
 * <p>
 * That holds only while the clock moves forward. A time of the last reservation that lies
 * ahead of the server's clock (a stamp written by a host whose clock ran fast, a clock
 * stepped back since, or this instance's last IDs from a server whose clock runs ahead)
 * tells nothing of the time since: moving by the jump alone would move a counter restored
 * twice from one snapshot to the same place twice. So such a counter is not moved until
 * the server's clock has passed that time; until then the reservation is refused with a
 * {@link BackendUnavailableException}, which callers retry, for as long as that time lies
 * ahead, however far: the refusal names the recovery that serves the counter at once.
 */
final class MoveDistance {

	/**
	 * The time for which the jump is added once more: a minute since the last
	 * reservation.
	 */
	private static final long JUMP_PERIOD_MILLIS = TimeUnit.MINUTES.toMillis(1);

	private MoveDistance() {
	}

	/**
	 * Return how far to move a counter that cannot be trusted.
	 * @param sequence the sequence, for the message
	 * @param failoverJump the failover jump, at least 1
	 * @param untrusted the script's reply that found the counter not to be trusted
	 * @param lastReceived when this instance last received IDs of the sequence, on the
	 * clock of the server they came from, {@code null} if it received none
	 * @param recovery what an operator does to serve the counter at once, for the message
	 * of the refusal
	 * @return the distance, at most {@code Long.MAX_VALUE}
	 * @throws BackendUnavailableException if the time of the last reservation, by the
	 * stamp or by this instance's last IDs, lies ahead of the server's clock
	 */
	static long of(String sequence, long failoverJump, ReserveScript.Result untrusted, Long lastReceived,
			String recovery) {
		long now = untrusted.now();
		Long stamped = untrusted.stampedAt();
		checkNotAhead(sequence, now, stamped, "the time in its stamp", recovery);
		checkNotAhead(sequence, now, lastReceived, "the time at which this instance last received its IDs", recovery);
		Long since = (stamped != null) ? stamped : lastReceived;
		long elapsed = (since != null) ? now - since : 0;
		BigInteger jump = BigInteger.valueOf(failoverJump);
		jump = jump.add(jump.multiply(BigInteger.valueOf(elapsed))
			.add(BigInteger.valueOf(JUMP_PERIOD_MILLIS - 1))
			.divide(BigInteger.valueOf(JUMP_PERIOD_MILLIS)));
		return jump.min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact();
	}

	private static void checkNotAhead(String sequence, long now, Long time, String what, String recovery) {
		if (time != null && time > now) {
			throw new BackendUnavailableException("The counter of sequence " + SequenceNames.quote(sequence)
					+ " cannot be trusted and is to be moved forward by the time since its last reservation, but the "
					+ "clock of the Redis server serving it (" + now + " ms since the epoch) is " + (time - now)
					+ " ms behind the time of its last reservation (" + what + ", " + time + "): a clock stepped "
					+ "back, or the server that served it ran ahead. The counter is moved once the clock has passed "
					+ "that time, so that a second restore of the same data moves it further; until then its "
					+ "reservations are refused, however long that takes. If that time is wrong (a clock that ran "
					+ "far ahead), " + recovery);
		}
	}

}
