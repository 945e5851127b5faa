package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.jdbc.JdbcSegmentStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.idgen.segment.striped.StripeDatabases.addOnce;
import static io.github.idgen.segment.striped.StripeDatabases.member;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Re-stripings that overlap or that are given other stores than the layout they replace
 * was set up with, over counter tables on PostgreSQL, MariaDB and H2: whatever they leave
 * behind, no ID is handed out twice by the instances that run.
 */
class ConcurrentRestripingTest {

	private static final long STEP = 10;

	private final StripeDatabases databases = new StripeDatabases();

	private final String sequence = uniqueName("restripe");

	@AfterEach
	void close() {
		this.databases.close();
	}

	/**
	 * Generation 1 is [A, B]. R1 re-stripes to generation 2 [A, B, C], R2 to generation 3
	 * [A, B, D], as a rollout superseded by another while their pods overlap. R1 has
	 * closed A, B and C and recorded generation 2 when R2 checks the old generations
	 * (generation 1 needs only A and B) and closes A; R1 then fails to open A, opens B
	 * and C, and serves IDs = 2 (mod 3) from C; R2 closes B and D and opens generation 3,
	 * where D serves IDs = 2 (mod 3) too. An instance of generation 1 draws all along.
	 * Whichever of them starts, no ID may be handed out twice, and one of them must
	 * refuse.
	 */
	@Test
	void twoRestripingsToDifferentGenerationsAtOnceNeverHandOutAnIdTwice() throws Exception {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		JdbcSegmentStore c = this.databases.h2();
		JdbcSegmentStore d = this.databases.h2();
		SwitchableStripeStore oldA = new SwitchableStripeStore(a);
		SwitchableStripeStore oldB = new SwitchableStripeStore(b);
		StripedSegmentStore old = this.databases.open(1, List.of(member("a", oldA), member("b", oldB)), List.of());
		Set<Long> union = new HashSet<>();
		Runnable drawOld = () -> draw(old, union, 2);
		drawOld.run();

		SwitchableStripeStore r1A = new SwitchableStripeStore(a);
		SwitchableStripeStore r1B = new SwitchableStripeStore(b);
		SwitchableStripeStore r2A = new SwitchableStripeStore(a);
		SwitchableStripeStore r2B = new SwitchableStripeStore(b);
		// R2 pauses once it has closed A, before it closes B, unless it stops before
		CountDownLatch r2Paused = new CountDownLatch(1);
		CountDownLatch goOnR2 = new CountDownLatch(1);
		r2B.beforeState(5, () -> {
			r2Paused.countDown();
			await(goOnR2);
		});
		AtomicReference<StripedSegmentStore> r2 = new AtomicReference<>();
		AtomicReference<RuntimeException> r2Failure = new AtomicReference<>();
		Thread restriping2 = new Thread(() -> {
			try {
				r2.set(this.databases.open(3, List.of(member("a", r2A), member("b", r2B), member("d", d)), List.of()));
			}
			catch (RuntimeException ex) {
				r2Failure.set(ex);
			}
			finally {
				r2Paused.countDown();
			}
		});
		r1A.beforeState(4, () -> {
			drawOld.run();
			restriping2.start();
			await(r2Paused);
			drawOld.run();
		});
		StripedSegmentStore r1 = null;
		RuntimeException r1Failure = null;
		try {
			r1 = this.databases.open(2, List.of(member("a", r1A), member("b", r1B), member("c", c)), List.of());
		}
		catch (BackendMisconfiguredException | BackendUnavailableException ex) {
			r1Failure = ex;
		}
		goOnR2.countDown();
		restriping2.join(TimeUnit.SECONDS.toMillis(20));
		assertThat(restriping2.isAlive()).as("R2 still re-striping").isFalse();

		// R1 reaches c only, R2 d only: neither pulls the other's counters along
		List.of(r1A, r1B, r2A, r2B).forEach((store) -> store.cut(true));
		List<StripedSegmentStore> running = new ArrayList<>(List.of(old));
		if (r1 != null) {
			running.add(r1);
		}
		if (r2.get() != null) {
			running.add(r2.get());
		}
		for (int round = 0; round < 6; round++) {
			for (StripedSegmentStore instance : running) {
				draw(instance, union, 1);
			}
		}
		assertThat(union).isNotEmpty();
		assertThat(r1Failure != null || r2Failure.get() != null)
			.as("one of the re-stripings refused (R1: %s, R2: %s)", r1Failure, r2Failure.get())
			.isTrue();
	}

	/**
	 * The same two re-stripings, the other way round: R1 has closed A, B and C when R2
	 * checks the old generations (generation 1 needs only A and B; R1 has recorded
	 * nothing yet) and is about to close A. R1 records generation 2, is about to open A,
	 * and waits while R2 closes A, B and D and opens generation 3; R1 then fails to open
	 * A, ignores it, and opens B and C. Neither may go on once the other got in its way:
	 * R2 finds generation 2 recorded in A and B once it closed them, and R1 finds A moved
	 * on. Both leave what they closed closed.
	 */
	@Test
	void aRestripingThatFindsAnotherGenerationPreparedOnceItClosedTheStoresStopsAndSoDoesTheOther() throws Exception {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		JdbcSegmentStore c = this.databases.h2();
		JdbcSegmentStore d = this.databases.h2();
		StripedSegmentStore old = this.databases.open(1, List.of(member("a", a), member("b", b)), List.of());
		Set<Long> union = new HashSet<>();
		draw(old, union, 2);

		SwitchableStripeStore r2A = new SwitchableStripeStore(a);
		SwitchableStripeStore r2B = new SwitchableStripeStore(b);
		CountDownLatch r2Paused = new CountDownLatch(1);
		CountDownLatch goOnR2 = new CountDownLatch(1);
		r2A.beforeState(5, () -> {
			r2Paused.countDown();
			await(goOnR2);
		});
		AtomicReference<StripedSegmentStore> r2 = new AtomicReference<>();
		AtomicReference<RuntimeException> r2Failure = new AtomicReference<>();
		Thread restriping2 = new Thread(() -> {
			try {
				r2.set(this.databases.open(3, List.of(member("a", r2A), member("b", r2B), member("d", d)), List.of()));
			}
			catch (RuntimeException ex) {
				r2Failure.set(ex);
			}
			finally {
				r2Paused.countDown();
			}
		});
		SwitchableStripeStore r1A = new SwitchableStripeStore(a);
		SwitchableStripeStore r1B = new SwitchableStripeStore(b);
		SwitchableStripeStore r1C = new SwitchableStripeStore(c);
		r1C.afterState(3, () -> {
			restriping2.start();
			await(r2Paused);
		});
		r1A.beforeState(4, () -> {
			goOnR2.countDown();
			join(restriping2);
		});
		StripedSegmentStore r1 = null;
		RuntimeException r1Failure = null;
		try {
			r1 = this.databases.open(2, List.of(member("a", r1A), member("b", r1B), member("c", r1C)), List.of());
		}
		catch (BackendMisconfiguredException | BackendUnavailableException ex) {
			r1Failure = ex;
		}
		goOnR2.countDown();
		join(restriping2);

		// R1 reaches c only, R2 d only: neither pulls the other's counters along
		List.of(r1A, r1B, r2A, r2B).forEach((store) -> store.cut(true));
		List<StripedSegmentStore> running = new ArrayList<>(List.of(old));
		if (r1 != null) {
			running.add(r1);
		}
		if (r2.get() != null) {
			running.add(r2.get());
		}
		for (int round = 0; round < 6; round++) {
			for (StripedSegmentStore instance : running) {
				draw(instance, union, 1);
			}
		}
		assertThat(r1Failure).as("R1's failure").isInstanceOf(StripeMismatchException.class);
		assertThat(r2Failure.get()).as("R2's failure")
			.isInstanceOf(BackendMisconfiguredException.class)
			.hasMessageContaining("generation 2");
		assertThat(c.read(StripeRecords.PREFIX)).as("state of c, closed but never opened").hasValue(3);
	}

	/**
	 * Generation 1 is [A, B, C]. X records stripe 2 of 3 in generation 1 too, but of
	 * another layout: another deployment's store, listed by mistake where C was meant.
	 * Re-striping to [A, B, X] counts the stripes of generation 1 and finds 0, 1 and 2; C
	 * is never closed, and the instances of generation 1 keep handing out IDs = 2 (mod 3)
	 * from C while X hands them out in generation 2. The stores of generation 1 are
	 * recorded by their identities; a re-striping must check those, not the stripe
	 * numbers.
	 */
	@Test
	void aStoreOfAnotherLayoutCannotStandInForAStoreOfTheOldLayout() {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		JdbcSegmentStore c = this.databases.h2();
		JdbcSegmentStore x = this.databases.h2();
		this.databases.open(1,
				List.of(member("p", this.databases.h2()), member("q", this.databases.h2()), member("x", x)), List.of());
		SwitchableStripeStore oldA = new SwitchableStripeStore(a);
		SwitchableStripeStore oldB = new SwitchableStripeStore(b);
		StripedSegmentStore old = this.databases.open(1, List.of(member("a", oldA), member("b", oldB), member("c", c)),
				List.of());
		Set<Long> union = new HashSet<>();
		// a, b, c: c's counter is the highest
		draw(old, union, 3);
		StripedSegmentStore restriped;
		try {
			restriped = this.databases.open(2, List.of(member("a", a), member("b", b), member("x", x)), List.of());
		}
		catch (BackendMisconfiguredException ex) {
			assertThat(ex).hasMessageContaining("generation 1").hasMessageContaining("'x'");
			return;
		}
		// the old instance reaches c only, the new one x only
		oldA.cut(true);
		oldB.cut(true);
		for (int round = 0; round < 6; round++) {
			draw(old, union, 1);
			draw(restriped, union, 1);
		}
	}

	private void draw(StripedSegmentStore instance, Set<Long> union, int segments) {
		for (int i = 0; i < segments; i++) {
			try {
				addOnce(union, instance.allocate(this.sequence, STEP, 1));
			}
			catch (BackendUnavailableException ex) {
				// every store it reaches is being re-striped
			}
		}
	}

	private static void join(Thread thread) {
		try {
			thread.join(TimeUnit.SECONDS.toMillis(20));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		assertThat(thread.isAlive()).as("%s still running", thread).isFalse();
	}

	private static void await(CountDownLatch latch) {
		try {
			if (!latch.await(20, TimeUnit.SECONDS)) {
				throw new IllegalStateException("timed out");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
