package io.github.idgen.segment.striped;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.StepPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Interleavings of {@link StripedSegmentStore}, played on cue over
 * {@link ScriptedStripeStore} test doubles: claims and re-stripings, failures between the
 * phases of a re-striping, two re-stripers at once, stale reads, stores that come back
 * between the two passes of a fetch or a health check, and stores that hang.
 */
class StripedSegmentStoreInterleavingTest {

	private static final String SEQUENCE = "orders";

	private final List<StripedSegmentStore> opened = new ArrayList<>();

	@AfterEach
	void close() {
		this.opened.forEach(StripedSegmentStore::close);
	}

	private StripedSegmentStore create(int generation, List<StripeMember> stores, List<StripeMember> retired) {
		StripedSegmentStore store = new StripedSegmentStore(stores, retired, generation);
		this.opened.add(store);
		return store;
	}

	private StripedSegmentStore open(int generation, List<StripeMember> stores, List<StripeMember> retired) {
		StripedSegmentStore store = create(generation, stores, retired);
		store.establish();
		return store;
	}

	private static StripeMember member(String name, StripeStore store) {
		return new StripeMember(name, store);
	}

	private static List<Long> ids(Segment segment) {
		List<Long> ids = new ArrayList<>();
		for (long id = segment.start(); id < segment.end(); id += segment.stride()) {
			ids.add(id);
		}
		return ids;
	}

	/**
	 * A re-striping that fails once every store is closed (a store's connection drops
	 * while the counters are read, or the process dies) leaves every store in the odd
	 * "being prepared" state. When the old generation handed out nothing and the stores
	 * before it were retired, only the counters that generation's re-striping raised in
	 * its own stores remember the IDs of the generation before. The retry must still
	 * start above them.
	 */
	@Test
	void aRestripingRetriedAfterFailingOnceEveryStoreWasClosedStaysAboveEveryEarlierId() {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		ScriptedStripeStore c = new ScriptedStripeStore();
		ScriptedStripeStore d = new ScriptedStripeStore();
		ScriptedStripeStore e = new ScriptedStripeStore();
		StripedSegmentStore first = open(1, List.of(member("a", a), member("b", b)), List.of());
		long highest = 0;
		for (int i = 0; i < 10; i++) {
			highest = Math.max(highest, first.allocate(SEQUENCE, 100, 1).last());
		}
		open(2, List.of(member("c", c), member("d", d)), List.of(member("a", a), member("b", b)));
		// the snapshot taken once every store is closed fails
		e.failReadAllAfter(1);
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> open(3, List.of(member("c", c), member("d", d), member("e", e)), List.of()));
		assertThat(List.of(c, d, e)).allSatisfy((store) -> assertThat(store.read(StripeRecords.PREFIX)).hasValue(5));
		StripedSegmentStore third = open(3, List.of(member("c", c), member("d", d), member("e", e)), List.of());
		for (int i = 0; i < 6; i++) {
			Segment segment = third.allocate(SEQUENCE, 100, 1);
			assertThat(segment.start()).as("first ID of a segment of generation 3, above every ID of generation 1")
				.isGreaterThan(highest);
		}
	}

	/**
	 * A re-striping that stops after closing some stores (here: store b fails as it is to
	 * be closed) leaves them in the odd state. Restarted with store b left out of both
	 * lists, the re-striping must still refuse, as it does when no store was closed: b
	 * still hands out its old stripe to the instances running the old layout.
	 */
	@Test
	void aRestripingRetriedAfterStoppingHalfWayStillRefusesAStoreOfTheOldLayoutLeftOut() {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		ScriptedStripeStore c = new ScriptedStripeStore();
		ScriptedStripeStore oldA = a.view();
		ScriptedStripeStore oldB = b.view();
		StripedSegmentStore old = open(1, List.of(member("a", oldA), member("b", oldB)), List.of());
		for (int i = 0; i < 10; i++) {
			old.allocate(SEQUENCE, 10, 1);
		}
		ScriptedStripeStore restriperB = b.view();
		restriperB.beforeCompareAndSet(StripeRecords.PREFIX, () -> {
			throw new BackendUnavailableException("connection reset (scripted)");
		});
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> open(2,
				List.of(member("a", a.view()), member("b", restriperB), member("c", c.view())), List.of()));
		ScriptedStripeStore newA = a.view();
		StripedSegmentStore restriped;
		try {
			restriped = open(2, List.of(member("a", newA), member("c", c.view())), List.of());
		}
		catch (BackendMisconfiguredException ex) {
			assertThat(ex).hasMessageContaining("stripe(s) [1] of it are neither among the stores");
			return;
		}
		// The re-striping went through without b: the old instance, served by b alone,
		// and the new one, served by c alone, both hand out odd IDs.
		oldA.cut(true);
		newA.cut(true);
		Set<Long> union = new HashSet<>();
		for (int i = 0; i < 100; i++) {
			for (StripedSegmentStore instance : List.of(old, restriped)) {
				Segment segment;
				try {
					segment = instance.allocate(SEQUENCE, 10, 1);
				}
				catch (BackendUnavailableException ex) {
					continue;
				}
				for (long id : ids(segment)) {
					assertThat(union.add(id)).as("ID %d handed out once", id).isTrue();
				}
			}
		}
	}

	/**
	 * Two instances re-stripe to the same generation at once, one listing the stores as
	 * a, b, c, the other as a, c, b (a rolling deployment with a typo in one
	 * configuration). Whatever the order in which their writes land, no two stores may be
	 * opened on the same stripe: instances still running the old layout adopt whatever a
	 * store records, and would hand out its IDs twice.
	 */
	@Test
	void twoInstancesRestripingAtOnceWithStoresInAnotherOrderNeverOpenTwoStoresOnOneStripe() throws Exception {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		ScriptedStripeStore c = new ScriptedStripeStore();
		ScriptedStripeStore a1 = a.view();
		ScriptedStripeStore b1 = b.view();
		ScriptedStripeStore c1 = c.view();
		ScriptedStripeStore a2 = a.view();
		ScriptedStripeStore b2 = b.view();
		ScriptedStripeStore c2 = c.view();
		StripedSegmentStore old1 = open(1, List.of(member("a", a1), member("b", b1), member("c", c1)), List.of());
		StripedSegmentStore old2 = open(1, List.of(member("a", a2), member("b", b2), member("c", c2)), List.of());
		for (int i = 0; i < 6; i++) {
			old1.allocate(SEQUENCE, 10, 1);
			old2.allocate(SEQUENCE, 10, 1);
		}
		// Instance y reads the states of its stores, then waits until x has opened a and
		// b.
		CountDownLatch yRead = new CountDownLatch(1);
		CountDownLatch goY = new CountDownLatch(1);
		ScriptedStripeStore yB = b.view();
		yB.afterRead(StripeRecords.PREFIX, (state) -> {
			yRead.countDown();
			await(goY);
		});
		AtomicReference<Throwable> yFailure = new AtomicReference<>();
		Thread y = new Thread(() -> {
			try {
				open(2, List.of(member("a", a.view()), member("c", c.view()), member("b", yB)), List.of());
			}
			catch (Throwable ex) {
				yFailure.set(ex);
			}
		});
		y.start();
		await(yRead);
		ScriptedStripeStore xC = c.view();
		xC.beforeCompareAndSet(StripeRecords.PREFIX + "@2@count", () -> {
			goY.countDown();
			join(y);
		});
		try {
			open(2, List.of(member("a", a.view()), member("b", b.view()), member("c", xC)), List.of());
		}
		catch (BackendMisconfiguredException ex) {
			// one of them must lose
		}
		join(y);
		// old1 reaches only b, old2 only c
		a1.cut(true);
		c1.cut(true);
		a2.cut(true);
		b2.cut(true);
		Set<Long> union = new HashSet<>();
		for (int i = 0; i < 20; i++) {
			for (StripedSegmentStore instance : List.of(old1, old2)) {
				Segment segment;
				try {
					segment = instance.allocate(SEQUENCE, 10, 1);
				}
				catch (BackendUnavailableException ex) {
					continue;
				}
				for (long id : ids(segment)) {
					assertThat(union.add(id)).as("ID %d handed out once", id).isTrue();
				}
			}
		}
	}

	/**
	 * A re-striping that stops after opening some stores of the new generation but not
	 * all (the last store fails as it is to be opened) must be completed by the next
	 * instance started with the same configuration, as the README says ("it needs every
	 * store"; they all answer now), not refused for a store that is listed.
	 */
	@Test
	void anInstanceStartedAfterARestripingStoppedBeforeOpeningTheLastStoreCompletesIt() {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		ScriptedStripeStore c = new ScriptedStripeStore();
		StripedSegmentStore old = open(1, List.of(member("a", a.view()), member("b", b.view()), member("c", c.view())),
				List.of());
		for (int i = 0; i < 6; i++) {
			old.allocate(SEQUENCE, 10, 1);
		}
		ScriptedStripeStore xC = c.view();
		// the first change of c's state closes it, the second would open it: fail that
		// one
		xC.beforeCompareAndSet(StripeRecords.PREFIX, () -> xC.beforeCompareAndSet(StripeRecords.PREFIX, () -> {
			throw new BackendUnavailableException("connection reset (scripted)");
		}));
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(
				() -> open(2, List.of(member("b", b.view()), member("a", a.view()), member("c", xC)), List.of()));
		assertThat(a.read(StripeRecords.PREFIX)).hasValue(4);
		assertThat(c.read(StripeRecords.PREFIX)).hasValue(3);
		StripedSegmentStore next = open(2, List.of(member("b", b.view()), member("a", a.view()), member("c", c.view())),
				List.of());
		assertThat(next.stripes()).allSatisfy((state) -> assertThat(state.status()).isEqualTo(StripeStatus.UP));
		assertThat(c.read(StripeRecords.PREFIX)).hasValue(4);
	}

	/**
	 * The health check reads a store's state, and before it judges what it read, the
	 * store is re-striped and a fetch on another thread moves the store to the new
	 * generation. The state the health check read is then older than the one the instance
	 * knows: that is a stale read, not a store that went back, and must not take the
	 * store out of service until the application restarts.
	 */
	@Test
	void aStateReadBeforeARestripingAndJudgedAfterItDoesNotMarkTheStoreMismatched() throws Exception {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		ScriptedStripeStore c = new ScriptedStripeStore();
		ScriptedStripeStore oldA = a.view();
		StripedSegmentStore old = open(1, List.of(member("a", oldA), member("b", b.view())), List.of());
		old.allocate(SEQUENCE, 10, 1);
		old.allocate(SEQUENCE, 10, 1);
		CountDownLatch read = new CountDownLatch(1);
		CountDownLatch judge = new CountDownLatch(1);
		oldA.afterRead(StripeRecords.PREFIX, (state) -> {
			read.countDown();
			await(judge);
		});
		AtomicReference<Throwable> healthFailure = new AtomicReference<>();
		Thread health = new Thread(() -> {
			try {
				old.checkAvailable();
			}
			catch (Throwable ex) {
				healthFailure.set(ex);
			}
		});
		health.start();
		await(read);
		open(2, List.of(member("a", a.view()), member("b", b.view()), member("c", c.view())), List.of());
		for (int i = 0; i < 4 && stateOf(old, "a").layout().generation() != 2; i++) {
			old.allocate(SEQUENCE, 10, 1);
		}
		assertThat(stateOf(old, "a").layout().generation()).isEqualTo(2);
		judge.countDown();
		join(health);
		assertThat(healthFailure.get()).isNull();
		assertThat(stateOf(old, "a").status()).isEqualTo(StripeStatus.UP);
	}

	/**
	 * An instance still running the old layout reserves from store a at every step of a
	 * re-striping that another instance runs (as a is closed, as its new layout is
	 * recorded, as it is opened, as b is opened); then both reserve on. No ID twice.
	 */
	@Test
	void claimsAtEveryStepOfARestripingNeverHandOutAnIdTwice() {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		ScriptedStripeStore c = new ScriptedStripeStore();
		ScriptedStripeStore oldA = a.view();
		StripedSegmentStore old = open(1, List.of(member("a", oldA), member("b", b.view())), List.of());
		Set<Long> union = new HashSet<>();
		Runnable reserve = () -> {
			for (int i = 0; i < 3; i++) {
				try {
					for (long id : ids(old.allocate(SEQUENCE, 7, 1))) {
						assertThat(union.add(id)).as("ID %d handed out once", id).isTrue();
					}
				}
				catch (BackendUnavailableException ex) {
					// closed: being re-striped
				}
			}
		};
		reserve.run();
		ScriptedStripeStore newA = a.view();
		ScriptedStripeStore newB = b.view();
		newA.beforeCompareAndSet(StripeRecords.PREFIX, () -> {
			reserve.run();
			newA.beforeCompareAndSet(StripeRecords.PREFIX, reserve);
		});
		newA.beforeCompareAndSet(StripeRecords.PREFIX + "@2@index", reserve);
		newB.beforeCompareAndSet(StripeRecords.PREFIX, () -> newB.beforeCompareAndSet(StripeRecords.PREFIX, reserve));
		StripedSegmentStore restriped = open(2, List.of(member("b", newB), member("c", c.view()), member("a", newA)),
				List.of());
		for (int i = 0; i < 20; i++) {
			reserve.run();
			for (long id : ids(restriped.allocate(SEQUENCE, 7, 1))) {
				assertThat(union.add(id)).as("ID %d handed out once", id).isTrue();
			}
		}
		assertThat(union).isNotEmpty();
	}

	/**
	 * Batches of 1 to 13 IDs through the segment engine, over segments of 7 IDs three
	 * apart from three stores: every ID rises, is new and lies in the stripe of a store,
	 * and the engine's state ends its segment at its last ID.
	 */
	@Test
	void batchesAcrossStripedSegmentsRiseAndStayInTheirStripes() {
		StripedSegmentStore store = open(1, List.of(member("a", new ScriptedStripeStore()),
				member("b", new ScriptedStripeStore()), member("c", new ScriptedStripeStore())), List.of());
		SegmentSettings settings = new SegmentSettings(1, 7, new StepPolicy(7, 7, Duration.ofMinutes(1)), 0.5,
				Duration.ofSeconds(5));
		try (SegmentSequences sequences = new SegmentSequences(store, settings, Map.of())) {
			SegmentBuffer buffer = sequences.create(SEQUENCE);
			long last = 0;
			Set<Long> seen = new HashSet<>();
			Set<Long> residues = new HashSet<>();
			for (int i = 0; i < 200; i++) {
				for (long id : buffer.next(i % 13 + 1)) {
					assertThat(id).isGreaterThan(last);
					assertThat(seen.add(id)).isTrue();
					residues.add(id % 3);
					last = id;
				}
			}
			residues.forEach((residue) -> assertThat(residue).isBetween(0L, 2L));
			assertThat(residues).hasSize(3);
			SegmentBuffer.State state = buffer.state();
			assertThat((state.segmentEnd() - 1 - state.segmentStart()) % 3).isZero();
			assertThat(state.segmentEnd() - 1 - state.segmentStart()).as("7 IDs 3 apart").isEqualTo(18);
		}
	}

	@Test
	void theLastSegmentBelowTheLargestIdEndsAtItAndTheNextIsExhausted() {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		ScriptedStripeStore c = new ScriptedStripeStore();
		StripedSegmentStore store = open(1, List.of(member("a", a), member("b", b), member("c", c)), List.of());
		b.cut(true);
		c.cut(true);
		a.compareAndSet(SEQUENCE, java.util.OptionalLong.empty(), SequenceBounds.MAX_ID - 10);
		// MAX_ID = 2^63 - 2 is 0 (mod 3): a's next IDs are MAX_ID - 9, MAX_ID - 6, ...
		// MAX_ID
		Segment segment = store.allocate(SEQUENCE, 4, 1);
		assertThat(segment).isEqualTo(new Segment(SequenceBounds.MAX_ID - 9, Long.MAX_VALUE, 3));
		assertThatExceptionOfType(io.github.idgen.SequenceExhaustedException.class)
			.isThrownBy(() -> store.allocate(SEQUENCE, 1, 1));
	}

	/**
	 * A store that is down and hangs until its connection times out (a cut network
	 * dropping packets) makes every health check wait that long, though another store
	 * answers at once and the store is checked again in the background anyway: with
	 * Kubernetes' default probe timeout of one second, a lost database fails the probes
	 * of every instance. Not fixed: whether health should skip stores that are down, or
	 * check stores in parallel with a deadline, is a design decision.
	 */
	@Test
	void aHealthCheckDoesNotWaitOnAHungStoreThatIsDownWhileAnotherAnswers() {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		StripedSegmentStore store = open(1, List.of(member("a", a), member("b", b)), List.of());
		b.cut(true);
		store.allocate("order", 10, 1);
		store.allocate("order", 10, 1);
		assertThat(stateOf(store, "b").status()).isEqualTo(StripeStatus.DOWN);
		b.cut(false);
		b.hang(3000);
		long started = System.nanoTime();
		store.checkAvailable();
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(500));
	}

	@Test
	void firstAboveAValueAtOrPastTheLargestIdIsMinusOne() {
		StripeLayout layout = new StripeLayout(1, 3, 1);
		assertThat(layout.firstAbove(SequenceBounds.MAX_ID - 1)).isEqualTo(-1);
		assertThat(layout.firstAbove(SequenceBounds.MAX_ID)).isEqualTo(-1);
		assertThat(layout.firstAbove(Long.MAX_VALUE)).isEqualTo(-1);
	}

	private static StripeState stateOf(StripedSegmentStore store, String name) {
		return store.stripes().stream().filter((state) -> state.name().equals(name)).findFirst().orElseThrow();
	}

	private static void await(CountDownLatch latch) {
		try {
			if (!latch.await(10, TimeUnit.SECONDS)) {
				throw new IllegalStateException("timed out");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static void join(Thread thread) {
		try {
			thread.join(TimeUnit.SECONDS.toMillis(10));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		if (thread.isAlive()) {
			throw new IllegalStateException(thread + " did not finish");
		}
	}

	/**
	 * Store b is down; a fetch finds a, the only store up, failing, and b comes back (its
	 * background check marks it up) while a's call fails. The second pass of the fetch
	 * tries only stores that are down at that moment, so it skips b, which the first pass
	 * skipped as down: the fetch fails although b answers.
	 */
	@Test
	void aFetchUsesAStoreThatCameBackWhileTheStoreUpFailed() {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		StripedSegmentStore store = open(1, List.of(member("b", b), member("a", a)), List.of());
		markDown(store, "b", b);
		a.afterRead(SEQUENCE, (value) -> {
			b.cut(false);
			awaitTrue(() -> stateOf(store, "b").status() == StripeStatus.UP);
			a.cut(true);
			throw new BackendUnavailableException("connection reset (scripted)");
		});
		Segment segment = store.allocate(SEQUENCE, 10, 1);
		assertThat(segment.start() % 2).as("served by b").isEqualTo(0);
	}

	/**
	 * The same for health: a, the only store up, fails its check while b comes back; the
	 * second pass checks only stores down at that moment and reports DOWN although b
	 * answers (b is listed first, so the first pass passed it while it was down).
	 */
	@Test
	void healthIsUpWhenAStoreCameBackWhileTheStoreUpFailed() {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		StripedSegmentStore store = open(1, List.of(member("b", b), member("a", a)), List.of());
		markDown(store, "b", b);
		a.afterRead(StripeRecords.PREFIX, (value) -> {
			b.cut(false);
			awaitTrue(() -> stateOf(store, "b").status() == StripeStatus.UP);
			a.cut(true);
			throw new BackendUnavailableException("connection reset (scripted)");
		});
		store.checkAvailable();
	}

	/**
	 * A retired store that hangs (a decommissioned database behind a firewall dropping
	 * packets) is checked in the background like the others, but the probe pool has one
	 * thread per store of the layout only: with one store of the layout hanging too, both
	 * threads wait and the third store, back already, is not checked.
	 */
	@Test
	void aHangingRetiredStoreDoesNotHoldUpTheChecksOfTheStoresOfTheLayout() throws Exception {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		ScriptedStripeStore c = new ScriptedStripeStore();
		open(1, List.of(member("a", a), member("b", b)), List.of(member("c", c)));
		ScriptedStripeStore a2 = a.view();
		ScriptedStripeStore b2 = b.view();
		ScriptedStripeStore c2 = c.view();
		c2.cut(true);
		StripedSegmentStore store = open(1, List.of(member("a", a2), member("b", b2)), List.of(member("c", c2)));
		assertThat(stateOf(store, "c").status()).isEqualTo(StripeStatus.DOWN);
		c2.hang(6000);
		markDown(store, "a", a2);
		a2.hang(6000);
		b2.cut(true);
		Thread fetch = new Thread(() -> {
			try {
				store.allocate(SEQUENCE, 10, 1);
			}
			catch (RuntimeException ex) {
				// a hangs, then fails
			}
		});
		fetch.setDaemon(true);
		fetch.start();
		awaitTrue(() -> stateOf(store, "b").status() == StripeStatus.DOWN);
		b2.cut(false);
		long started = System.nanoTime();
		while (stateOf(store, "b").status() != StripeStatus.UP
				&& System.nanoTime() - started < Duration.ofMillis(2000).toNanos()) {
			Thread.sleep(10);
		}
		assertThat(stateOf(store, "b").status()).as("b checked again in the background").isEqualTo(StripeStatus.UP);
	}

	/**
	 * Two instances re-stripe generation 1 (store a alone) to generation 2 at once, with
	 * lists of the same length that differ in the added store: [a, b] and [a, d]. Each
	 * records its layout in a (the same: stripe 0 of 2) and in its own added store
	 * (stripe 1 of 2), so no record conflicts, and both open: b and d both hand out the
	 * IDs = 1 (mod 2) from the same raised counter, unless the list of stores itself is
	 * recorded (a digest of the stores' identities per generation, compared in every
	 * store before any is opened), so that one of the two fails on the store both lists
	 * hold.
	 */
	@Test
	void twoInstancesRestripingAtOnceWithDifferentAddedStoresNeverOpenTwoStoresOnOneStripe() {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		ScriptedStripeStore d = new ScriptedStripeStore();
		StripedSegmentStore first = open(1, List.of(member("a", a)), List.of());
		first.allocate(SEQUENCE, 100, 1);
		ScriptedStripeStore a1 = a.view();
		ScriptedStripeStore a2 = a.view();
		List<RuntimeException> failures = new ArrayList<>();
		List<StripedSegmentStore> second = new ArrayList<>();
		a1.beforeCompareAndSet(StripeRecords.PREFIX, () -> a1.beforeCompareAndSet(StripeRecords.PREFIX, () -> {
			try {
				second.add(open(2, List.of(member("a", a2), member("d", d)), List.of()));
			}
			catch (RuntimeException ex) {
				failures.add(ex);
			}
		}));
		StripedSegmentStore one;
		try {
			one = open(2, List.of(member("a", a1), member("b", b)), List.of());
		}
		catch (RuntimeException ex) {
			return;
		}
		if (!failures.isEmpty()) {
			return;
		}
		StripedSegmentStore two = second.get(0);
		// a answers neither instance now: each serves from its added store only
		a1.cut(true);
		a2.cut(true);
		Set<Long> ids = new HashSet<>();
		for (int i = 0; i < 4; i++) {
			for (StripedSegmentStore instance : List.of(one, two)) {
				Segment segment = instance.allocate(SEQUENCE, 10, 1);
				for (long id = segment.start(); id < segment.end(); id += segment.stride()) {
					assertThat(ids.add(id)).as("ID %d handed out once", id).isTrue();
				}
			}
		}
	}

	/**
	 * Generation 1 is [A, B]. R1 re-stripes to generation 2 [A, B, C] and R2, at once, to
	 * generation 2 [A, B, D]: R1 records its list in A, B and C; R2 closes D, records its
	 * list where none is recorded (in D) and loses on A, which holds R1's; R1 opens
	 * generation 2. D is left closed, recording R2's list for generation 2, which can
	 * never open since A holds another. A later re-striping to generation 3 [A, B, C, D]
	 * must take D in, not refuse it for good as a store of a list it does not have; and
	 * no ID may be handed out twice.
	 */
	@Test
	void aStoreLeftClosedByALosingRestripingToTheSameGenerationJoinsALaterGeneration() {
		ScriptedStripeStore a = new ScriptedStripeStore();
		ScriptedStripeStore b = new ScriptedStripeStore();
		ScriptedStripeStore c = new ScriptedStripeStore();
		ScriptedStripeStore d = new ScriptedStripeStore();
		StripedSegmentStore old = open(1, List.of(member("a", a.view()), member("b", b.view())), List.of());
		Set<Long> ids = new HashSet<>();
		for (int i = 0; i < 4; i++) {
			ids.addAll(ids(old.allocate(SEQUENCE, 10, 1)));
		}
		SwitchableStripeStore r1A = new SwitchableStripeStore(a.view());
		List<RuntimeException> r2Failures = new ArrayList<>();
		r1A.beforeState(4, () -> {
			try {
				open(2, List.of(member("a", a.view()), member("b", b.view()), member("d", d.view())), List.of());
			}
			catch (RuntimeException ex) {
				r2Failures.add(ex);
			}
		});
		StripedSegmentStore r1 = open(2, List.of(member("a", r1A), member("b", b.view()), member("c", c.view())),
				List.of());
		assertThat(r2Failures).singleElement().isInstanceOf(BackendMisconfiguredException.class);
		assertThat(d.read(StripeRecords.PREFIX)).as("state of d, closed by R2").hasValue(3);
		StripedSegmentStore third = open(3,
				List.of(member("a", a.view()), member("b", b.view()), member("c", c.view()), member("d", d.view())),
				List.of());
		assertThat(third.stripes()).extracting(StripeState::status).containsOnly(StripeStatus.UP);
		for (int i = 0; i < 8; i++) {
			for (StripedSegmentStore instance : List.of(old, r1, third)) {
				for (long id : ids(instance.allocate(SEQUENCE, 10, 1))) {
					assertThat(ids.add(id)).as("ID %d handed out once", id).isTrue();
				}
			}
		}
	}

	/**
	 * Mark a store down by fetching until a fetch has tried it while it is cut; it stays
	 * cut, so that its background checks fail until the test restores it.
	 */
	private static void markDown(StripedSegmentStore store, String name, ScriptedStripeStore stripe) {
		stripe.cut(true);
		for (int i = 0; i < 4; i++) {
			store.allocate("warm", 10, 1);
		}
		assertThat(stateOf(store, name).status()).isEqualTo(StripeStatus.DOWN);
	}

	private static void awaitTrue(BooleanSupplier condition) {
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("timed out");
			}
			try {
				Thread.sleep(5);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
	}

}
