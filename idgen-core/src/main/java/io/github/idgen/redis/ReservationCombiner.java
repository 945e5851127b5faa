package io.github.idgen.redis;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentSettings;

/**
 * Serves the callers of one sequence with as few reservations as they allow: while one
 * reservation is in flight, the callers that arrive wait in a queue, and the next
 * reservation takes the IDs of all of them at once, {@code INCRBY k} for {@code k}
 * waiting IDs, and hands them out in the order the callers joined the queue (flat
 * combining). A caller alone reserves its IDs at once.
 * <p>
 * There is no thread of its own. Whichever caller finds no reservation in flight becomes
 * the combiner: it takes the waiting requests from the head of the queue, its own among
 * them, runs the reservation on its own thread, hands each request its block, wakes its
 * caller, gives up the combiner's role and wakes the first caller still waiting, which
 * becomes the next combiner. Waiting callers park and are woken; nothing spins.
 * <p>
 * A waiting caller gives up after the wait timeout, or at an interrupt, with
 * {@link BackendUnavailableException}. If its request was already part of a reservation
 * in flight, its IDs are reserved and stay unused, a gap; the others of that reservation
 * get theirs as if it had not given up. A failed reservation fails every request it
 * served, with the same exception; its IDs may have been reserved in Redis (a reply that
 * was lost), a gap too. A reservation refused as exhausted is tried again one request at
 * a time, so that a batch too large for the IDs left does not fail the smaller requests
 * next to it, skipping the requests whose callers have given up by then. A caller
 * interrupted before it runs a reservation gives up without one; a reservation that fails
 * while its combiner is interrupted fails only the combiner's own request and is run
 * again for the others.
 * <p>
 * <b>Shared state:</b> the queue is a lock-free FIFO: any thread adds, only the combiner
 * removes. The combiner's role is the {@link AtomicBoolean} {@code combining}; the
 * combiner alone reserves, so at most one reservation of this combiner is in flight. A
 * request's state moves by compare-and-set between its caller (giving up) and the
 * combiner (taking it into a reservation, serving or failing it); its result fields are
 * written before the state that publishes them, a volatile write.
 */
final class ReservationCombiner {

	/**
	 * The most IDs one reservation takes for the requests waiting; a single request may
	 * ask for up to {@link Sequence#MAX_BATCH_SIZE} on its own.
	 */
	private static final long MAX_COMBINED_IDS = Sequence.MAX_BATCH_SIZE;

	private final String sequence;

	private final Reservation reservation;

	private final Duration waitTimeout;

	private final ConcurrentLinkedQueue<Request> queue = new ConcurrentLinkedQueue<>();

	private final AtomicBoolean combining = new AtomicBoolean();

	private final LongAdder reservations = new LongAdder();

	/**
	 * Create a combiner.
	 * @param sequence the sequence name, for messages
	 * @param reservation reserves a block of IDs
	 * @param waitTimeout how long a caller waits for a reservation that another caller
	 * runs, positive and at most {@link SegmentSettings#MAX_FETCH_TIMEOUT}
	 */
	ReservationCombiner(String sequence, Reservation reservation, Duration waitTimeout) {
		if (waitTimeout == null || waitTimeout.isNegative() || waitTimeout.isZero()) {
			throw new IllegalArgumentException("waitTimeout must be positive but was " + waitTimeout);
		}
		if (waitTimeout.compareTo(SegmentSettings.MAX_FETCH_TIMEOUT) > 0) {
			throw new IllegalArgumentException("waitTimeout must be at most "
					+ SegmentSettings.MAX_FETCH_TIMEOUT.toDays() + " days (about 292 years) but was " + waitTimeout);
		}
		this.sequence = sequence;
		this.reservation = reservation;
		this.waitTimeout = waitTimeout;
	}

	/**
	 * Return the first of {@code count} consecutive IDs reserved for this caller.
	 * @param count the number of IDs, from 1 to {@link Sequence#MAX_BATCH_SIZE}
	 * @return the first ID of the block
	 * @throws BackendUnavailableException if the caller waited longer than the wait
	 * timeout for another caller's reservation, or was interrupted while waiting, or the
	 * reservation failed so
	 */
	long take(int count) {
		Request request = new Request(count, Thread.currentThread());
		this.queue.add(request);
		long deadline = System.nanoTime() + this.waitTimeout.toNanos();
		while (true) {
			int state = request.state;
			if (state == Request.SERVED) {
				return request.first;
			}
			if (state == Request.FAILED) {
				throw rethrow(request.failure);
			}
			boolean interrupted = Thread.currentThread().isInterrupted();
			if (!interrupted && this.combining.compareAndSet(false, true)) {
				try {
					combine();
				}
				finally {
					this.combining.set(false);
					wakeNextCombiner();
				}
				continue;
			}
			long left = deadline - System.nanoTime();
			if (left <= 0 || interrupted) {
				int abandoned = request.abandon();
				if (abandoned != Request.NOT_ABANDONED) {
					wakeNextCombiner();
					throw gaveUp(interrupted, abandoned == Request.TAKEN, count);
				}
				continue;
			}
			LockSupport.parkNanos(this, left);
		}
	}

	/**
	 * Return how many reservations this combiner has run.
	 * @return the number of reservations, fewer than the requests served when callers
	 * were combined
	 */
	long reservations() {
		return this.reservations.sum();
	}

	/**
	 * As the combiner: take the requests waiting at the head of the queue, up to
	 * {@link #MAX_COMBINED_IDS} (at least one), reserve their IDs in one reservation and
	 * serve them in queue order.
	 */
	private void combine() {
		List<Request> batch = new ArrayList<>();
		long total = 0;
		for (Request next = this.queue.peek(); next != null; next = this.queue.peek()) {
			if (!batch.isEmpty() && total + next.count > MAX_COMBINED_IDS) {
				break;
			}
			this.queue.poll();
			if (next.take()) {
				batch.add(next);
				total += next.count;
			}
		}
		if (!batch.isEmpty()) {
			reserveFor(batch, total);
		}
	}

	private void reserveFor(List<Request> batch, long total) {
		try {
			serve(batch, reserve(total));
		}
		catch (SequenceExhaustedException ex) {
			if (batch.size() == 1) {
				batch.get(0).fail(ex);
			}
			else {
				serveOneByOne(batch);
			}
		}
		catch (RuntimeException | Error ex) {
			if (Thread.currentThread().isInterrupted()) {
				failOwnAndRetryOthers(batch, ex);
			}
			else {
				for (Request request : batch) {
					request.fail(ex);
				}
			}
		}
	}

	/**
	 * Answer a reservation that failed while the combiner's thread was interrupted, as a
	 * Redis client's wait for the reply fails when interrupted: the interrupt was meant
	 * for the combiner's own call, not for the calls combined with it. Fail the
	 * combiner's own request and reserve again for the others, with the interrupt held
	 * back meanwhile and restored after. The IDs the failed reservation may have taken
	 * stay unused.
	 */
	private void failOwnAndRetryOthers(List<Request> batch, Throwable failure) {
		List<Request> others = new ArrayList<>();
		long total = 0;
		for (Request request : batch) {
			if (request.caller == Thread.currentThread()) {
				request.fail(failure);
			}
			else {
				others.add(request);
				total += request.count;
			}
		}
		if (others.isEmpty()) {
			return;
		}
		Thread.interrupted();
		try {
			reserveFor(others, total);
		}
		finally {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Serve the requests of a batch refused as exhausted one at a time, skipping those
	 * given up meanwhile. An interrupt of the combiner's thread is meant for its own
	 * call: it is held back while the others are reserved, fails the combiner's own
	 * request, and is restored after; a reservation of another request that it fails is
	 * run again.
	 */
	private void serveOneByOne(List<Request> batch) {
		boolean interrupted = Thread.interrupted();
		try {
			for (Request request : batch) {
				interrupted |= serveAlone(request, interrupted);
			}
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * Serve one request with a reservation of its own.
	 * @param request the request
	 * @param interrupted whether the combiner's thread was interrupted before
	 * @return whether the combiner's thread was interrupted during the reservation
	 */
	private boolean serveAlone(Request request, boolean interrupted) {
		boolean own = request.caller == Thread.currentThread();
		if (own && interrupted) {
			request.fail(gaveUp(true, false, request.count));
			return false;
		}
		boolean interruptedDuring = false;
		while (request.state != Request.ABANDONED) {
			try {
				serve(List.of(request), reserve(request.count));
				break;
			}
			catch (RuntimeException | Error ex) {
				boolean interruptedNow = Thread.interrupted();
				interruptedDuring |= interruptedNow;
				if (own || !interruptedNow) {
					request.fail(ex);
					break;
				}
			}
		}
		return interruptedDuring;
	}

	private Segment reserve(long count) {
		this.reservations.increment();
		Segment segment = this.reservation.reserve(count);
		if (segment.size() != count) {
			throw new IllegalStateException(
					"Reserved " + segment + " for " + count + " IDs of sequence " + SequenceNames.quote(this.sequence));
		}
		return segment;
	}

	private static void serve(List<Request> batch, Segment segment) {
		long first = segment.start();
		for (Request request : batch) {
			request.serve(first);
			first += request.count;
		}
	}

	/**
	 * Wake the caller of the first request still waiting, so that it becomes the combiner
	 * if the role is free. A caller that joins the queue after this looks at the role
	 * itself; one woken while another took the role parks again.
	 */
	private void wakeNextCombiner() {
		for (Request request : this.queue) {
			if (request.state == Request.WAITING) {
				LockSupport.unpark(request.caller);
				return;
			}
		}
	}

	private BackendUnavailableException gaveUp(boolean interrupted, boolean reserving, int count) {
		String reason = interrupted
				? "Interrupted while waiting for an ID of sequence " + SequenceNames.quote(this.sequence)
						+ " from Redis"
				: "No ID of sequence " + SequenceNames.quote(this.sequence) + " came from Redis within "
						+ this.waitTimeout.toMillis() + " ms, waiting behind a reservation in flight";
		return new BackendUnavailableException(reason + (reserving ? "; the reservation in flight takes "
				+ ((count == 1) ? "its ID too, which stays unused" : "its " + count + " IDs too, which stay unused")
				: "; nothing was reserved for it"));
	}

	private static RuntimeException rethrow(Throwable failure) {
		if (failure instanceof Error error) {
			throw error;
		}
		return (RuntimeException) failure;
	}

	/**
	 * Reserves a block of consecutive IDs of the sequence.
	 */
	@FunctionalInterface
	interface Reservation {

		/**
		 * Reserve {@code count} consecutive IDs.
		 * @param count the number of IDs, at least 1
		 * @return the block, exactly {@code count} IDs long
		 */
		Segment reserve(long count);

	}

	/**
	 * One caller's request for a block of IDs, from the queue to its result.
	 */
	private static final class Request {

		static final int WAITING = 0;

		static final int TAKEN = 1;

		static final int SERVED = 2;

		static final int FAILED = 3;

		static final int ABANDONED = 4;

		/**
		 * What {@link #abandon()} returns when the request was served or failed first.
		 */
		static final int NOT_ABANDONED = -1;

		private static final VarHandle STATE;

		static {
			try {
				STATE = MethodHandles.lookup().findVarHandle(Request.class, "state", int.class);
			}
			catch (ReflectiveOperationException ex) {
				throw new ExceptionInInitializerError(ex);
			}
		}

		final int count;

		final Thread caller;

		/**
		 * {@link #WAITING} in the queue, {@link #TAKEN} into a reservation in flight,
		 * then {@link #SERVED} or {@link #FAILED} by the combiner, or {@link #ABANDONED}
		 * by its caller from {@code WAITING} or {@code TAKEN}.
		 */
		volatile int state;

		/**
		 * The first ID of the block, written by the combiner before {@link #SERVED}.
		 */
		long first;

		/**
		 * Why the reservation failed, written by the combiner before {@link #FAILED}.
		 */
		Throwable failure;

		Request(int count, Thread caller) {
			this.count = count;
			this.caller = caller;
		}

		boolean take() {
			return STATE.compareAndSet(this, WAITING, TAKEN);
		}

		/**
		 * Give the request up, by its caller.
		 * @return the state it was given up in, {@link #WAITING} or {@link #TAKEN}, or
		 * {@link #NOT_ABANDONED} if it was served or failed first
		 */
		int abandon() {
			if (STATE.compareAndSet(this, WAITING, ABANDONED)) {
				return WAITING;
			}
			return STATE.compareAndSet(this, TAKEN, ABANDONED) ? TAKEN : NOT_ABANDONED;
		}

		void serve(long first) {
			this.first = first;
			complete(SERVED);
		}

		void fail(Throwable failure) {
			this.failure = failure;
			complete(FAILED);
		}

		/**
		 * Move a taken request to its result and wake its caller, unless the caller gave
		 * it up or is the combiner itself, which needs no wake-up.
		 */
		private void complete(int result) {
			if (STATE.compareAndSet(this, TAKEN, result) && this.caller != Thread.currentThread()) {
				LockSupport.unpark(this.caller);
			}
		}

	}

}
