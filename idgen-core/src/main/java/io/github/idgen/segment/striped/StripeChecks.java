package io.github.idgen.segment.striped;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.FailureDescriptions;
import io.github.idgen.background.BackgroundScheduler;

/**
 * The background checks of the stores of a {@link StripedSegmentStore} that are down: a
 * store marked down is checked again after its back-off (see {@link Stripe}), and again
 * after each check that fails, until one passes or finds it mismatched.
 * <p>
 * At most one check per store is scheduled or running at a time: a check holds its
 * store's claim ({@link Stripe#claimCheck()}) from when it is scheduled until it has
 * passed, and schedules the next one itself when it fails, so that the fetches that mark
 * a store down while a check of it hangs schedule nothing more. A store marked down by a
 * fetch while its check passes is claimed again once the check has released it.
 * <p>
 * Thread-safe: called by fetch threads, the checks themselves and the startup check; the
 * claims are each store's, taken and released atomically.
 */
final class StripeChecks {

	private static final Logger logger = LoggerFactory.getLogger(StripeChecks.class);

	private final BackgroundScheduler scheduler;

	private final Consumer<Stripe> check;

	/**
	 * Create the checks.
	 * @param scheduler what runs them, with a thread for each store
	 * @param check checks one store and takes what it finds, throwing if the store fails
	 * or mismatches
	 */
	StripeChecks(BackgroundScheduler scheduler, Consumer<Stripe> check) {
		this.scheduler = scheduler;
		this.check = check;
	}

	/**
	 * Mark a store down after it failed, and check it again in the background unless a
	 * check of it is scheduled or running.
	 * @param stripe the store
	 * @param failure how it failed
	 */
	void markDown(Stripe stripe, RuntimeException failure) {
		if (stripe.status() != StripeStatus.DOWN) {
			logger.warn("Store '{}' of the striped store failed; the others serve while it is checked again: {}",
					stripe.name(), FailureDescriptions.describe(failure));
		}
		if (stripe.down(failure.getMessage()) && stripe.claimCheck()) {
			schedule(stripe);
		}
	}

	private void schedule(Stripe stripe) {
		try {
			this.scheduler.schedule(() -> run(stripe), stripe.takeRetryDelay(), TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			stripe.releaseCheck();
		}
	}

	private void run(Stripe stripe) {
		try {
			this.check.accept(stripe);
			logger.info("Store '{}' of the striped store answers again", stripe.name());
		}
		catch (StripeMismatchException ex) {
			logger.error(ex.getMessage());
		}
		catch (RuntimeException ex) {
			if (stripe.down(ex.getMessage())) {
				schedule(stripe);
				return;
			}
		}
		stripe.releaseCheck();
		if (stripe.status() == StripeStatus.DOWN && stripe.claimCheck()) {
			schedule(stripe);
		}
	}

	/**
	 * Stop the checks.
	 */
	void stop() {
		this.scheduler.shutdownNow();
	}

}
