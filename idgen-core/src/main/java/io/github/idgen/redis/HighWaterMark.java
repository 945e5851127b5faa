package io.github.idgen.redis;

import java.util.concurrent.atomic.AtomicReference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.CounterLostException;
import io.github.idgen.SequenceNames;

/**
 * The highest counter position one instance has received for one sequence, and whether a
 * position at or below it has come back since: the local half of the counter-loss guard.
 * <p>
 * A healthy counter only moves forward, cycle first, then value (see
 * {@link CounterPosition}): a cyclic counter that wraps to its start enters the next
 * cycle, which lies after every position of the one before. So a command sent after a
 * position was received returns a later one. The caller reads {@link #get()} before it
 * sends its command and passes the result to {@link #accept}; out-of-order replies of
 * concurrent callers therefore never trip the guard, while a counter that went back below
 * what the instance had seen before the command was sent always does. Once tripped, the
 * mark stays tripped: every later use throws {@link CounterLostException} until the
 * application restarts.
 */
final class HighWaterMark {

	private static final Logger logger = LoggerFactory.getLogger(HighWaterMark.class);

	private final String sequence;

	private final String key;

	private final AtomicReference<CounterPosition> highest = new AtomicReference<>(CounterPosition.NONE);

	private volatile String trippedReason;

	/**
	 * The Redis server the latest IDs came from (its run id, replication id and backlog
	 * state, as the reserve script names it) and that server's clock then, so that a
	 * server that lost the counter and its stamp together (a restart without persistence)
	 * is told from the one that served them, and the time since; replaced, never changed,
	 * by whichever caller accepts IDs last.
	 */
	private volatile ServerSeen server;

	HighWaterMark(String sequence, String key) {
		this.sequence = sequence;
		this.key = key;
	}

	/**
	 * Return the highest position received so far.
	 * @return the high-water mark, {@link CounterPosition#NONE} if none was received
	 */
	CounterPosition get() {
		return this.highest.get();
	}

	/**
	 * Return the Redis server the latest IDs came from, as the reserve script names it.
	 * @return the server, {@code null} before the first IDs
	 */
	String server() {
		ServerSeen seen = this.server;
		return (seen != null) ? seen.server() : null;
	}

	/**
	 * Return when the latest IDs came, on the clock of the server they came from.
	 * @return the time in milliseconds since the Unix epoch, {@code null} before the
	 * first IDs
	 */
	Long serverTime() {
		ServerSeen seen = this.server;
		return (seen != null) ? seen.millis() : null;
	}

	/**
	 * Throw if this mark has tripped.
	 * @throws CounterLostException if it has, with the reason
	 */
	void checkIntact() {
		String reason = this.trippedReason;
		if (reason != null) {
			throw new CounterLostException(this.sequence, reason);
		}
	}

	/**
	 * Accept the IDs {@code (lastBefore, last]} of one cycle received from the counter,
	 * or trip.
	 * @param cycle the cycle of the IDs
	 * @param lastBefore the counter value before the IDs were reserved, in that cycle
	 * @param last the new counter value, the last ID reserved
	 * @param before the high-water mark read before the command was sent
	 * @param server the Redis server the IDs came from, as the reserve script names it
	 * @param serverTime that server's clock when it reserved the IDs, in milliseconds
	 * since the Unix epoch
	 * @throws CounterLostException if the IDs start at or before {@code before}
	 */
	void accept(long cycle, long lastBefore, long last, CounterPosition before, String server, long serverTime) {
		if (new CounterPosition(cycle, lastBefore).isBefore(before)) {
			throw trip("its counter '" + this.key + "' returned IDs " + (lastBefore + 1) + " to " + last
					+ ((cycle != 0) ? " of cycle " + cycle : "") + ", but this instance had already received IDs up to "
					+ before);
		}
		raise(new CounterPosition(cycle, last));
		this.server = new ServerSeen(server, serverTime);
	}

	/**
	 * Raise the mark to the given position unless it is higher already.
	 * @param position a counter position received
	 */
	void raise(CounterPosition position) {
		this.highest.accumulateAndGet(position, CounterPosition::max);
	}

	/**
	 * Trip this mark: log the reason at error level and refuse every later use.
	 * @param reason what happened to the counter
	 * @return the exception to throw
	 */
	CounterLostException trip(String reason) {
		String message = "Counter of sequence " + SequenceNames.quote(this.sequence) + " was lost or went back: "
				+ reason
				+ ". Handing out IDs from it could repeat IDs, so this instance refuses to until the counter is "
				+ "restored above every ID handed out and the application is restarted";
		if (this.trippedReason == null) {
			this.trippedReason = message;
		}
		logger.error(message);
		return new CounterLostException(this.sequence, message);
	}

	/**
	 * Return why this mark tripped.
	 * @return the reason, or {@code null} if it has not tripped
	 */
	String trippedReason() {
		return this.trippedReason;
	}

	/**
	 * A Redis server and its clock when it served IDs.
	 *
	 * @param server the server, as the reserve script names it
	 * @param millis its clock, in milliseconds since the Unix epoch
	 */
	private record ServerSeen(String server, long millis) {

	}

}
