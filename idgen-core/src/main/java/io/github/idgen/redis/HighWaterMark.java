package io.github.idgen.redis;

import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.CounterLostException;

/**
 * The highest counter value one instance has received for one sequence, and whether a
 * value at or below it has come back since: the local half of the counter-loss guard.
 * <p>
 * A healthy counter only grows, so a command sent after a value was received returns a
 * higher value. The caller reads {@link #get()} before it sends its command and passes
 * the result to {@link #accept}; out-of-order replies of concurrent callers therefore
 * never trip the guard, while a counter that went back below what the instance had seen
 * before the command was sent always does. Once tripped, the mark stays tripped: every
 * later use throws {@link CounterLostException} until the application restarts.
 */
final class HighWaterMark {

	private static final Logger logger = LoggerFactory.getLogger(HighWaterMark.class);

	private final String sequence;

	private final String key;

	private final AtomicLong highest = new AtomicLong();

	private volatile String trippedReason;

	HighWaterMark(String sequence, String key) {
		this.sequence = sequence;
		this.key = key;
	}

	/**
	 * Return the highest value received so far.
	 * @return the high-water mark, 0 if none was received
	 */
	long get() {
		return this.highest.get();
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
	 * Accept the IDs {@code (lastBefore, last]} received from the counter, or trip.
	 * @param lastBefore the counter value before the IDs were reserved
	 * @param last the new counter value, the last ID reserved
	 * @param before the high-water mark read before the command was sent
	 * @throws CounterLostException if the IDs start at or below {@code before}
	 */
	void accept(long lastBefore, long last, long before) {
		if (lastBefore < before) {
			throw trip("its counter '" + this.key + "' returned IDs " + (lastBefore + 1) + " to " + last
					+ ", but this instance had already received IDs up to " + before);
		}
		raise(last);
	}

	/**
	 * Raise the mark to the given value unless it is higher already.
	 * @param value a counter value received
	 */
	void raise(long value) {
		long current = this.highest.get();
		while (value > current && !this.highest.compareAndSet(current, value)) {
			current = this.highest.get();
		}
	}

	/**
	 * Trip this mark: log the reason at error level and refuse every later use.
	 * @param reason what happened to the counter
	 * @return the exception to throw
	 */
	CounterLostException trip(String reason) {
		String message = "Counter of sequence '" + this.sequence + "' was lost or went back: " + reason
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

}
