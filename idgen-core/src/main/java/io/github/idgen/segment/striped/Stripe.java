package io.github.idgen.segment.striped;

import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One store of a {@link StripedSegmentStore} at run time: which database it is, the
 * layout it hands out under, where it stands and the back-off of its background checks.
 * <p>
 * Thread ownership: {@link #verified}, {@link #status} and {@link #problem} are written
 * by the fetch threads, the check threads and the startup check, each write of
 * {@link #verified} a whole immutable {@link Verified}; volatile so that fetches, health
 * and metrics read current values without a lock. {@link #identity} is learned once, on
 * the first check that accepts the store, with a compare-and-set from 0 (unknown), and
 * read by every check after. {@link #segments} is advanced atomically, and so is the
 * back-off: {@link #retryDelayNanos} is doubled or reset, and {@link #checkClaimed} taken
 * and released (see {@link StripeChecks}), each with one atomic operation. No lock is
 * taken.
 */
final class Stripe {

	static final long MIN_RETRY_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

	static final long MAX_RETRY_DELAY_NANOS = TimeUnit.SECONDS.toNanos(1);

	private final StripeMember member;

	private final StripeRecords records;

	private final int configuredIndex;

	private final AtomicLong segments = new AtomicLong();

	private final AtomicLong identity = new AtomicLong();

	private volatile Verified verified;

	private volatile StripeStatus status = StripeStatus.UNVERIFIED;

	private volatile String problem = "not reached yet";

	private final AtomicLong retryDelayNanos = new AtomicLong(MIN_RETRY_DELAY_NANOS);

	private final AtomicBoolean checkClaimed = new AtomicBoolean();

	Stripe(StripeMember member, int configuredIndex) {
		this.member = member;
		this.records = new StripeRecords(member);
		this.configuredIndex = configuredIndex;
	}

	String name() {
		return this.member.name();
	}

	StripeStore store() {
		return this.member.store();
	}

	StripeRecords records() {
		return this.records;
	}

	int configuredIndex() {
		return this.configuredIndex;
	}

	Verified verified() {
		return this.verified;
	}

	/**
	 * Return the identity of the store, as this instance learned it, or 0 until it did.
	 */
	long identity() {
		return this.identity.get();
	}

	/**
	 * Return whether an identity read from the store is the one this instance learned.
	 */
	boolean answersAsItself(OptionalLong read) {
		long known = this.identity.get();
		return known != 0 && read.isPresent() && read.getAsLong() == known;
	}

	/**
	 * Learn the identity of the store, unless it is known.
	 */
	void learnIdentity(long identity) {
		this.identity.compareAndSet(0, identity);
	}

	StripeStatus status() {
		return this.status;
	}

	void servedSegment() {
		this.segments.incrementAndGet();
	}

	/**
	 * The store answers under the given layout, observed with the given state value.
	 */
	void up(StripeLayout layout, long state) {
		this.verified = new Verified(layout, state);
		this.problem = null;
		this.status = StripeStatus.UP;
		this.retryDelayNanos.set(MIN_RETRY_DELAY_NANOS);
	}

	void retired(StripeLayout layout, long state) {
		this.verified = new Verified(layout, state);
		this.problem = "retired from the layout in generation " + layout.generation();
		this.status = StripeStatus.RETIRED;
	}

	void mismatched(String problem) {
		this.problem = problem;
		this.status = StripeStatus.MISMATCHED;
	}

	/**
	 * The store failed: mark it down, unless it is mismatched or retired, which it stays,
	 * with the problem that made it so, since a failure does not tell that it matches.
	 * @return whether it is down
	 */
	boolean down(String problem) {
		if (this.status == StripeStatus.MISMATCHED || this.status == StripeStatus.RETIRED) {
			return false;
		}
		this.problem = problem;
		this.status = StripeStatus.DOWN;
		return true;
	}

	/**
	 * Claim the background check of the store, to schedule one after
	 * {@link #takeRetryDelay()}.
	 * @return whether this call claimed it: no check was scheduled or running
	 */
	boolean claimCheck() {
		return this.checkClaimed.compareAndSet(false, true);
	}

	/**
	 * Release the claim of the background check: none is scheduled or running.
	 */
	void releaseCheck() {
		this.checkClaimed.set(false);
	}

	/**
	 * Return the delay of the next background check and double the one after, up to
	 * {@link #MAX_RETRY_DELAY_NANOS}.
	 */
	long takeRetryDelay() {
		return this.retryDelayNanos.getAndUpdate((delay) -> Math.min(delay * 2, MAX_RETRY_DELAY_NANOS));
	}

	StripeState state() {
		Verified current = this.verified;
		return new StripeState(name(), this.status, (current != null) ? current.layout() : null, this.segments.get(),
				this.problem);
	}

	/**
	 * A layout and the state value of the store under which it was observed: a claim is
	 * good if the state still holds that value after it.
	 */
	record Verified(StripeLayout layout, long state) {

	}

}
