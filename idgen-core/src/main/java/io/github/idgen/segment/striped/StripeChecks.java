package io.github.idgen.segment.striped;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.idgen.FailureDescriptions;
import io.github.idgen.background.BackgroundScheduler;

/**
 * The background checks of the stores of a {@link StripedSegmentStore} that are down or
 * mismatched: a store marked down or found mismatched is checked again after its back-off
 * (see {@link Stripe}), and again after each check that fails or finds it still
 * mismatched, until one passes (or finds it retired). So a store whose name led to
 * another database while this instance first checked it is taken back once it leads to
 * the store again; until a check accepts it, fetches skip it.
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

	/**
	 * Check a store found mismatched again in the background, unless a check of it is
	 * scheduled or running.
	 * @param stripe the store
	 * @param mismatch what was found
	 */
	void markMismatched(Stripe stripe, StripeMismatchException mismatch) {
		if (stripe.status() == StripeStatus.MISMATCHED && stripe.claimCheck()) {
			logger.error("{}; the store is checked again in the background", mismatch.getMessage());
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
			if (stripe.status() == StripeStatus.MISMATCHED) {
				logger.debug("Store '{}' of the striped store is still mismatched: {}", stripe.name(), ex.getMessage());
				schedule(stripe);
				return;
			}
			logger.error(ex.getMessage());
		}
		catch (RuntimeException ex) {
			if (stripe.down(ex.getMessage()) || stripe.status() == StripeStatus.MISMATCHED) {
				schedule(stripe);
				return;
			}
		}
		stripe.releaseCheck();
		StripeStatus status = stripe.status();
		if ((status == StripeStatus.DOWN || status == StripeStatus.MISMATCHED) && stripe.claimCheck()) {
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
