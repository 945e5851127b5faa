package io.github.idgen;

import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Forwards every call to a {@link SequenceObserver} and logs what it throws, so that an
 * observer cannot break generation: a {@link RuntimeException}, an {@link Error} such as
 * a {@link NoClassDefFoundError} of a metrics library that is missing, and a checked
 * exception thrown without being declared (as Kotlin code does). A
 * {@link VirtualMachineError} (out of memory, a stack overflow) says that the thread
 * itself is in trouble and is thrown on to the caller, which must not lose IDs by it
 * either (see {@link io.github.idgen.segment.SegmentBuffer}).
 */
final class GuardedSequenceObserver implements SequenceObserver {

	private static final Logger logger = LoggerFactory.getLogger(GuardedSequenceObserver.class);

	private final SequenceObserver delegate;

	GuardedSequenceObserver(SequenceObserver delegate) {
		this.delegate = delegate;
	}

	@Override
	public void sequenceCreated(Sequence sequence) {
		run(() -> this.delegate.sequenceCreated(sequence));
	}

	@Override
	public void segmentFetched(String sequence, long size, Duration duration) {
		run(() -> this.delegate.segmentFetched(sequence, size, duration));
	}

	@Override
	public void fetchFailed(String sequence, Duration duration, RuntimeException failure) {
		run(() -> this.delegate.fetchFailed(sequence, duration, failure));
	}

	@Override
	public void waited(String sequence, Duration waited) {
		run(() -> this.delegate.waited(sequence, waited));
	}

	@Override
	public void clockMovedBackward(Duration amount) {
		run(() -> this.delegate.clockMovedBackward(amount));
	}

	@Override
	public void counterMovedForward(String sequence, long from, long to) {
		run(() -> this.delegate.counterMovedForward(sequence, from, to));
	}

	private void run(Runnable call) {
		try {
			call.run();
		}
		catch (VirtualMachineError ex) {
			throw ex;
		}
		catch (Throwable ex) {
			// a RuntimeException, an Error, or a checked exception thrown undeclared (as
			// from Kotlin, which has no checked exceptions)
			if (ex instanceof InterruptedException) {
				Thread.currentThread().interrupt();
			}
			logger.warn("Sequence observer {} failed; IDs are served regardless", this.delegate, ex);
		}
	}

}
