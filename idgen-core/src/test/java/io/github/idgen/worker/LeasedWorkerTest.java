package io.github.idgen.worker;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.WorkerIdLostException;
import io.github.idgen.snowflake.BitLayout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for {@link LeasedWorker}: leases, heartbeat, fencing and re-leasing, with a
 * monotonic clock and a store clock the test moves.
 */
class LeasedWorkerTest {

	private static final Duration TTL = Duration.ofSeconds(60);

	private static final Duration MARGIN = Duration.ofSeconds(10);

	private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

	private final AtomicLong storeMillis = new AtomicLong(1_800_000_000_000L);

	private final InMemoryWorkerLeaseStore store = new InMemoryWorkerLeaseStore(this.storeMillis::get);

	private final BitLayout layout = new BitLayout(Instant.parse("2025-01-01T00:00:00Z"), 41, 0, 2, 20);

	@Test
	void instancesLeaseDistinctWorkerIds() {
		LeasedWorker first = worker();
		LeasedWorker second = worker();
		assertThat(first.workerId().worker()).isNotEqualTo(second.workerId().worker());
		assertThat(first.layout().decode(first.nextId()).worker()).isEqualTo(first.workerId().worker());
	}

	@Test
	void exhaustionNamesLiveLeasesAndWorkerBits() {
		for (int i = 0; i < 4; i++) {
			worker();
		}
		assertThatIllegalStateException().isThrownBy(this::worker)
			.withMessageContaining("4 instances hold live leases")
			.withMessageContaining("2 worker bits");
	}

	@Test
	void pausedHolderFencesItselfBeforeItsIdCanBeTaken() {
		LeasedWorker paused = worker();
		long[] before = paused.nextIds(1000);
		advance(TTL.minus(MARGIN));
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(paused::nextId)
			.withMessageContaining("worker id " + paused.workerId().worker());
		assertThat(paused.isValid()).isFalse();
		assertThat(this.store.countLive()).as("the store still counts the lease as live").isOne();
		advance(MARGIN);
		LeasedWorker successor = worker();
		assertThat(successor.workerId()).isEqualTo(paused.workerId());
		long[] after = successor.nextIds(1000);
		assertThat(LongStream.concat(Arrays.stream(before), Arrays.stream(after)).distinct().count()).isEqualTo(2000);
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(paused::nextId);
	}

	@Test
	void heartbeatRenewsTheLease() {
		LeasedWorker worker = worker();
		advance(TTL.minus(MARGIN).minusSeconds(1));
		worker.heartbeat();
		advance(Duration.ofSeconds(30));
		assertThat(worker.isValid()).isTrue();
		worker.nextId();
	}

	@Test
	void aCallThatOutlastsItsValidityReturnsItsIdIfTheLeaseWasRenewedMeanwhile() {
		AtomicReference<Runnable> duringNextCall = new AtomicReference<>();
		LeasedWorker worker = new LeasedWorker(this.store, this.layout, 0, TTL, MARGIN, Duration.ofMillis(5),
				new HookedClock(duringNextCall), this.nanos::get, false);
		long before = worker.nextId();
		duringNextCall.set(() -> {
			advance(TTL.minus(MARGIN).minusSeconds(1));
			worker.heartbeat();
			advance(Duration.ofSeconds(2));
		});
		assertThat(worker.nextId()).isGreaterThan(before);
	}

	@Test
	void aCallThatOutlastsItsLeaseFailsEvenIfTheWorkerIdWasLeasedAgainMeanwhile() {
		AtomicReference<Runnable> duringNextCall = new AtomicReference<>();
		LeasedWorker worker = new LeasedWorker(this.store, this.layout, 0, TTL, MARGIN, Duration.ofMillis(5),
				new HookedClock(duringNextCall), this.nanos::get, false);
		worker.nextId();
		duringNextCall.set(() -> {
			advance(TTL.plusSeconds(1));
			worker.heartbeat();
		});
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(worker::nextId);
		assertThat(worker.isValid()).as("leased again").isTrue();
	}

	@Test
	void leasesAgainWhenTheStoreIsBackAfterTheLeaseRanOut() {
		LeasedWorker worker = worker();
		long last = worker.nextId();
		this.store.setFailing(true);
		advance(TTL.plusSeconds(1));
		worker.heartbeat();
		assertThatExceptionOfType(WorkerIdLostException.class).isThrownBy(worker::nextId);
		this.store.setFailing(false);
		worker.heartbeat();
		assertThat(worker.isValid()).isTrue();
		assertThat(worker.nextId()).isGreaterThan(last);
	}

	@Test
	void newOwnerIssuesNothingAtOrBeforeTheLastMillisecondOfThePreviousOwner() {
		LeasedWorker first = worker();
		long lastIssuedAt = this.storeMillis.get() + 3;
		first.close();
		WorkerLease lease = this.store.acquire("someone", this.layout.maxWorkerId(), TTL).orElseThrow();
		this.store.release(lease, lastIssuedAt);
		LeasedWorker second = new LeasedWorker(this.store, this.layout, 0, TTL, MARGIN, Duration.ZERO,
				Clock.fixed(Instant.ofEpochMilli(lastIssuedAt - 1), ZoneOffset.UTC), this.nanos::get, false);
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(second::nextId);
		second.close();
		LeasedWorker third = new LeasedWorker(this.store, this.layout, 0, TTL, MARGIN, Duration.ofMillis(50),
				Clock.fixed(Instant.ofEpochMilli(lastIssuedAt + 1), ZoneOffset.UTC), this.nanos::get, false);
		assertThat(third.layout().decode(third.nextId()).timestamp().toEpochMilli()).isGreaterThan(lastIssuedAt);
	}

	@Test
	void sequenceInfoHasWorkerIdLeaseExpiryAndIssued() {
		LeasedWorker worker = worker();
		LeasedWorkerSequence sequence = new LeasedWorkerSequence("order", worker);
		sequence.next();
		sequence.next(9);
		assertThat(sequence.issued()).isEqualTo(10);
		Instant expiresAt = Instant.parse((String) sequence.info().get("leaseExpiresAt"));
		assertThat(expiresAt).isBetween(Instant.now().plus(TTL.minus(MARGIN)).minusSeconds(5),
				Instant.now().plus(TTL.minus(MARGIN)).plusSeconds(1));
		assertThat(sequence.info()).containsEntry("workerId", worker.workerId().worker()).containsEntry("issued", 10L);
	}

	@Test
	void closeReleasesTheWorkerId() {
		LeasedWorker worker = worker();
		worker.close();
		assertThat(this.store.countLive()).isZero();
	}

	private LeasedWorker worker() {
		return new LeasedWorker(this.store, this.layout, 0, TTL, MARGIN, Duration.ofMillis(5), Clock.systemUTC(),
				this.nanos::get, false);
	}

	private void advance(Duration duration) {
		this.nanos.addAndGet(duration.toNanos());
		this.storeMillis.addAndGet(duration.toMillis());
	}

	/**
	 * The system clock, which runs an action once when it is next read: what happens
	 * while a call to the generator waits.
	 */
	private static final class HookedClock extends Clock {

		private final AtomicReference<Runnable> onNextRead;

		HookedClock(AtomicReference<Runnable> onNextRead) {
			this.onNextRead = onNextRead;
		}

		@Override
		public Instant instant() {
			Runnable action = this.onNextRead.getAndSet(null);
			if (action != null) {
				action.run();
			}
			return Instant.now();
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			throw new UnsupportedOperationException();
		}

	}

}
