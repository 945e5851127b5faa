package io.github.idgen.segment.striped;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceNames;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.Sequence;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.segment.StepPolicy;
import io.github.idgen.test.TestBackends;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.idgen.test.Concurrently.runTogether;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link StripedSegmentStore} over PostgreSQL, MariaDB and H2, each with a
 * counter table of its own per test.
 */
class StripedSegmentStoreTest {

	private static final DataSource H2 = TestBackends.h2();

	private final Map<String, DataSource> tables = new LinkedHashMap<>();

	private final List<StripedSegmentStore> opened = new ArrayList<>();

	private SwitchableStripeStore postgres;

	private SwitchableStripeStore mariaDb;

	private SwitchableStripeStore h2;

	private String postgresTable;

	private String mariaDbTable;

	@BeforeEach
	void createTables() {
		this.postgresTable = table(TestBackends.postgres());
		this.mariaDbTable = table(TestBackends.mariaDb());
		this.postgres = new SwitchableStripeStore(new JdbcSegmentStore(TestBackends.postgres(), this.postgresTable));
		this.mariaDb = new SwitchableStripeStore(new JdbcSegmentStore(TestBackends.mariaDb(), this.mariaDbTable));
		this.h2 = new SwitchableStripeStore(new JdbcSegmentStore(H2, table(H2)));
	}

	private String table(DataSource dataSource) {
		String table = StripedTables.create(dataSource);
		this.tables.put(table, dataSource);
		return table;
	}

	@AfterEach
	void dropTables() {
		this.opened.forEach(StripedSegmentStore::close);
		this.tables.forEach((table, dataSource) -> StripedTables.drop(dataSource, table));
	}

	private StripedSegmentStore striped(int generation, StripeMember... members) {
		return striped(generation, List.of(members), List.of());
	}

	private StripedSegmentStore striped(int generation, List<StripeMember> members, List<StripeMember> retired) {
		StripedSegmentStore store = new StripedSegmentStore(members, retired, generation);
		this.opened.add(store);
		store.establish();
		return store;
	}

	private StripeMember postgres() {
		return new StripeMember("postgres", this.postgres);
	}

	private StripeMember mariaDb() {
		return new StripeMember("mariadb", this.mariaDb);
	}

	private StripeMember h2() {
		return new StripeMember("h2", this.h2);
	}

	private static List<Long> ids(Segment segment) {
		List<Long> ids = new ArrayList<>();
		for (long id = segment.start(); id < segment.end(); id += segment.stride()) {
			ids.add(id);
		}
		return ids;
	}

	private static Map<String, StripeState> byName(StripedSegmentStore store) {
		Map<String, StripeState> states = new LinkedHashMap<>();
		store.stripes().forEach((state) -> states.put(state.name(), state));
		return states;
	}

	private static void awaitStatus(StripedSegmentStore store, String name, StripeStatus status, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (byName(store).get(name).status() != status && System.nanoTime() < deadline) {
			try {
				Thread.sleep(10);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
		assertThat(byName(store).get(name).status()).as("status of %s", name).isEqualTo(status);
	}

	@Test
	void eachStoreHandsOutOnlyItsOwnStripeAndIdsRiseWithinTheInstance() {
		StripedSegmentStore store = striped(1, postgres(), mariaDb(), h2());
		String sequence = uniqueName("stripes");
		long last = 0;
		Set<Long> residues = new HashSet<>();
		for (int i = 0; i < 30; i++) {
			Segment segment = store.allocate(sequence, 10, 1);
			assertThat(segment.stride()).isEqualTo(3);
			assertThat(segment.size()).isEqualTo(10);
			assertThat(segment.start()).isGreaterThan(last);
			last = segment.last();
			residues.add(segment.start() % 3);
		}
		assertThat(residues).containsExactlyInAnyOrder(0L, 1L, 2L);
		List<StripeState> stripes = store.stripes();
		assertThat(stripes).extracting(StripeState::name).containsExactly("postgres", "mariadb", "h2");
		for (int index = 0; index < 3; index++) {
			StripeState state = stripes.get(index);
			assertThat(state.status()).isEqualTo(StripeStatus.UP);
			assertThat(state.layout()).isEqualTo(new StripeLayout(1, 3, index));
			assertThat(state.segments()).isEqualTo(10);
		}
	}

	@Test
	void severalInstancesAndThreadsNeverHandOutAnIdTwice() throws Exception {
		String sequence = uniqueName("union");
		List<Callable<List<Segment>>> tasks = new ArrayList<>();
		for (int instance = 0; instance < 2; instance++) {
			StripedSegmentStore store = striped(1, postgres(), mariaDb(), h2());
			for (int thread = 0; thread < 4; thread++) {
				tasks.add(() -> {
					List<Segment> segments = new ArrayList<>();
					for (int i = 0; i < 150; i++) {
						segments.add(store.allocate(sequence, ThreadLocalRandom.current().nextLong(1, 50), 1));
					}
					return segments;
				});
			}
		}
		List<List<Segment>> perThread = runTogether(tasks);
		Set<Long> union = new HashSet<>();
		long total = 0;
		for (List<Segment> segments : perThread) {
			long last = 0;
			for (Segment segment : segments) {
				assertThat(segment.start()).as("IDs of one thread rise").isGreaterThan(last);
				last = segment.last();
				for (long id : ids(segment)) {
					assertThat(union.add(id)).as("ID %d handed out once", id).isTrue();
					total++;
				}
			}
		}
		assertThat(union).hasSize((int) total);
	}

	@Test
	void aCutStoreIsSkippedAtOnceAndUsedAgainWhenItAnswers() {
		StripedSegmentStore store = striped(1, postgres(), mariaDb(), h2());
		String sequence = uniqueName("cut");
		this.mariaDb.cut(true);
		for (int i = 0; i < 9; i++) {
			assertThat(store.allocate(sequence, 5, 1).start() % 3).isNotEqualTo(1);
		}
		StripeState cut = byName(store).get("mariadb");
		assertThat(cut.status()).isEqualTo(StripeStatus.DOWN);
		assertThat(cut.problem()).contains("cut by the test");
		store.checkAvailable();
		this.mariaDb.cut(false);
		awaitStatus(store, "mariadb", StripeStatus.UP, Duration.ofSeconds(3));
		Set<Long> residues = new HashSet<>();
		for (int i = 0; i < 6; i++) {
			residues.add(store.allocate(sequence, 5, 1).start() % 3);
		}
		assertThat(residues).contains(1L);
	}

	@Test
	void theCounterIsTheLargestOfTheStoresAndAStoreThatDoesNotAnswerFailsTheRead() {
		StripedSegmentStore store = striped(1, postgres(), mariaDb(), h2());
		String sequence = uniqueName("counter");
		assertThat(store.counter(sequence)).as("before any reservation").isEmpty();
		long largest = 0;
		for (int i = 0; i < 5; i++) {
			largest = Math.max(largest, store.allocate(sequence, 4, 1).last());
		}
		assertThat(store.counter(sequence)).hasValue(largest);
		this.mariaDb.cut(true);
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> store.counter(sequence))
			.withMessageContaining("'mariadb'");
	}

	@Test
	void aCutStoreIsCheckedOnTheApplicationsExecutorWhichCloseLeavesRunning() throws Exception {
		ExecutorService application = Executors.newCachedThreadPool();
		try {
			AtomicInteger checks = new AtomicInteger();
			StripedSegmentStore store = new StripedSegmentStore(List.of(postgres(), mariaDb(), h2()), List.of(), 1,
					BackgroundThreads.daemon().on((task) -> application.execute(() -> {
						checks.incrementAndGet();
						task.run();
					})));
			this.opened.add(store);
			store.establish();
			String sequence = uniqueName("cut");
			this.mariaDb.cut(true);
			for (int i = 0; i < 3; i++) {
				assertThat(store.allocate(sequence, 5, 1).start() % 3).isNotEqualTo(1);
			}
			this.mariaDb.cut(false);
			awaitStatus(store, "mariadb", StripeStatus.UP, Duration.ofSeconds(3));
			assertThat(checks).as("background checks run by the executor").hasPositiveValue();
			store.close();
			assertThat(application.isShutdown()).isFalse();
			assertThat(application.submit(() -> "running").get()).isEqualTo("running");
		}
		finally {
			application.shutdownNow();
		}
	}

	@Test
	void whenEveryStoreIsCutAllocateFailsAndTheFirstStoreBackServesAtOnce() {
		StripedSegmentStore store = striped(1, postgres(), mariaDb(), h2());
		String sequence = uniqueName("all-cut");
		store.allocate(sequence, 5, 1);
		List.of(this.postgres, this.mariaDb, this.h2).forEach((stripe) -> stripe.cut(true));
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> store.allocate(sequence, 5, 1))
			.withMessageContaining(SequenceNames.quote(sequence))
			.withMessageContaining("cut by the test");
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(store::checkAvailable)
			.withMessageContaining("No store of the striped store answers");
		this.h2.cut(false);
		Segment segment = store.allocate(sequence, 5, 1);
		assertThat(segment.start() % 3).isEqualTo(2);
	}

	@Test
	void aLaggingStoreIsPulledAboveTheInstancesLastId() {
		StripedSegmentStore store = striped(1, postgres(), mariaDb());
		String sequence = uniqueName("lagging");
		this.mariaDb.cut(true);
		long last = 0;
		for (int i = 0; i < 50; i++) {
			last = store.allocate(sequence, 1000, 1).last();
		}
		assertThat(last).isGreaterThan(90_000);
		this.mariaDb.cut(false);
		awaitStatus(store, "mariadb", StripeStatus.UP, Duration.ofSeconds(3));
		Segment fromMariaDb = store.allocate(sequence, 1000, 1);
		if (fromMariaDb.start() % 2 == 0) {
			fromMariaDb = store.allocate(sequence, 1000, 1);
		}
		assertThat(fromMariaDb.start() % 2).isEqualTo(1);
		assertThat(fromMariaDb.start()).isGreaterThan(last);
		assertThat(this.mariaDb.read(sequence)).hasValue(fromMariaDb.last());
	}

	@Test
	void aStoreThatServedAloneBecomesAStripeAboveEveryIdItHandedOut() {
		String sequence = uniqueName("plain");
		JdbcSegmentStore plain = new JdbcSegmentStore(TestBackends.postgres(), this.postgresTable);
		Segment before = plain.allocate(sequence, 1000, 1);
		StripedSegmentStore store = striped(1, postgres(), mariaDb());
		assertThat(this.mariaDb.read(sequence)).hasValue(before.last());
		for (int i = 0; i < 4; i++) {
			assertThat(store.allocate(sequence, 10, 1).start()).isGreaterThan(before.last());
		}
		String newDay = uniqueName("daily") + "@20261126";
		assertThat(store.allocate(newDay, 10, 1).start()).as("a counter no store had starts at its start")
			.isLessThanOrEqualTo(2);
	}

	@Test
	void restripingRaisesEachCounterToItsOwnHighestAndLeavesNewCountersAtTheirStart() {
		String busy = uniqueName("busy");
		String quiet = uniqueName("quiet");
		StripedSegmentStore old = striped(1, postgres(), mariaDb());
		long busyBefore = 0;
		for (int i = 0; i < 20; i++) {
			busyBefore = Math.max(busyBefore, old.allocate(busy, 1000, 1).last());
		}
		long quietBefore = old.allocate(quiet, 10, 1).last();
		StripedSegmentStore restriped = striped(2, postgres(), mariaDb(), h2());
		for (SwitchableStripeStore store : List.of(this.postgres, this.mariaDb, this.h2)) {
			assertThat(store.read(busy).getAsLong()).isGreaterThanOrEqualTo(busyBefore);
			assertThat(store.read(quiet).getAsLong()).isGreaterThanOrEqualTo(quietBefore).isLessThan(busyBefore);
		}
		for (int i = 0; i < 3; i++) {
			assertThat(restriped.allocate(busy, 10, 1).start()).isGreaterThan(busyBefore);
			Segment quietSegment = restriped.allocate(quiet, 10, 1);
			assertThat(quietSegment.start()).isGreaterThan(quietBefore).isLessThan(busyBefore);
		}
		assertThat(restriped.allocate(uniqueName("daily") + "@20261127", 10, 1).start()).isLessThanOrEqualTo(3);
	}

	@Test
	void restripingFromTwoStoresToThreeWhileAnOldInstanceRunsNeverHandsOutAnIdTwice() throws Exception {
		String sequence = uniqueName("restripe");
		StripedSegmentStore old = striped(1, postgres(), mariaDb());
		SegmentSettings settings = new SegmentSettings(1, 20, new StepPolicy(1, 20, Duration.ofMinutes(1)), 0.5,
				Duration.ofSeconds(10));
		long beforeRestriping = 0;
		try (SegmentSequences oldInstance = new SegmentSequences(old, settings, Map.of())) {
			Sequence oldSequence = oldInstance.create(sequence);
			for (int i = 0; i < 100; i++) {
				beforeRestriping = oldSequence.next();
			}
			AtomicBoolean running = new AtomicBoolean(true);
			List<Callable<List<Long>>> tasks = new ArrayList<>();
			for (int thread = 0; thread < 3; thread++) {
				tasks.add(() -> {
					List<Long> ids = new ArrayList<>();
					while (running.get() || ids.size() < 500) {
						ids.add(oldSequence.next());
					}
					return ids;
				});
			}
			AtomicReference<StripedSegmentStore> newStore = new AtomicReference<>();
			tasks.add(() -> {
				Thread.sleep(100);
				newStore.set(striped(2, postgres(), mariaDb(), h2()));
				try (SegmentSequences newInstance = new SegmentSequences(newStore.get(), settings, Map.of())) {
					Sequence newSequence = newInstance.create(sequence);
					List<Long> ids = new ArrayList<>();
					for (int i = 0; i < 2000; i++) {
						ids.add(newSequence.next());
					}
					running.set(false);
					return ids;
				}
			});
			List<List<Long>> results = runTogether(tasks);
			Set<Long> union = new HashSet<>();
			for (List<Long> ids : results) {
				for (long id : ids) {
					assertThat(union.add(id)).as("ID %d handed out once", id).isTrue();
				}
			}
			long highestBefore = beforeRestriping;
			assertThat(results.get(3)).allSatisfy((id) -> assertThat(id).isGreaterThan(highestBefore));
		}
		assertThat(old.stripes()).allSatisfy((state) -> {
			assertThat(state.layout().generation()).isEqualTo(2);
			assertThat(state.layout().count()).isEqualTo(3);
		});
		assertThat(old.allocate(sequence, 10, 1).stride()).isEqualTo(3);
	}

	@Test
	void aClaimThatRacesWithARestripingIsDroppedAndTakenAgainUnderTheNewLayout() {
		String sequence = uniqueName("race");
		StripedSegmentStore old = striped(1, postgres(), mariaDb());
		old.allocate(sequence, 10, 1);
		old.allocate(sequence, 10, 1);
		this.postgres.afterNextClaim(() -> striped(2, postgres(), mariaDb(), h2()));
		Segment segment = old.allocate(sequence, 10, 1);
		StripeLayout layout = byName(old).get("postgres").layout();
		assertThat(layout).extracting(StripeLayout::generation, StripeLayout::count, StripeLayout::index)
			.containsExactly(2, 3, 0);
		assertThat(segment.stride()).isEqualTo(3);
		assertThat(ids(segment)).allSatisfy((id) -> assertThat(layout.contains(id)).isTrue());
	}

	@Test
	void aRestripingCutShortAfterClosingSomeStoresIsCompletedByTheNextAttempt() {
		String sequence = uniqueName("resume");
		StripedSegmentStore old = striped(1, postgres(), mariaDb());
		long highest = 0;
		for (int i = 0; i < 4; i++) {
			highest = Math.max(highest, old.allocate(sequence, 10, 1).last());
		}
		long before = highest;
		this.postgres.afterState(3, () -> this.mariaDb.cut(true));
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> striped(2, postgres(), mariaDb(), h2()));
		this.mariaDb.cut(false);
		StripedSegmentStore restriped = striped(2, postgres(), mariaDb(), h2());
		assertThat(restriped.stripes()).allSatisfy((state) -> {
			assertThat(state.status()).isEqualTo(StripeStatus.UP);
			assertThat(state.layout().generation()).isEqualTo(2);
		});
		assertThat(this.h2.read(sequence).getAsLong()).as("the added store's counter, raised")
			.isGreaterThanOrEqualTo(before);
		Segment segment = old.allocate(sequence, 10, 1);
		assertThat(segment.stride()).isEqualTo(3);
		assertThat(segment.start()).isGreaterThan(before);
	}

	@Test
	void anInstanceThatStartsWhileAnotherOpensTheNewLayoutJoinsIt() {
		String sequence = uniqueName("joins");
		StripedSegmentStore old = striped(1, postgres(), mariaDb());
		old.allocate(sequence, 10, 1);
		AtomicReference<StripedSegmentStore> second = new AtomicReference<>();
		this.postgres.afterState(4, () -> second.set(striped(2, postgres(), mariaDb(), h2())));
		StripedSegmentStore first = striped(2, postgres(), mariaDb(), h2());
		assertThat(second.get()).as("the instance that started meanwhile").isNotNull();
		Set<Long> union = new HashSet<>();
		for (StripedSegmentStore store : List.of(first, second.get(), old)) {
			for (int i = 0; i < 6; i++) {
				Segment segment = store.allocate(sequence, 10, 1);
				assertThat(segment.stride()).isEqualTo(3);
				for (long id : ids(segment)) {
					assertThat(union.add(id)).as("ID %d handed out once", id).isTrue();
				}
			}
		}
		for (StripedSegmentStore store : List.of(first, second.get())) {
			assertThat(store.stripes()).extracting(StripeState::status).containsOnly(StripeStatus.UP);
		}
	}

	@Test
	void aStateReadBeforeAnotherThreadMovedTheStoreToANewGenerationDoesNotShutTheStoreOut() {
		String sequence = uniqueName("stale");
		StripedSegmentStore old = striped(1, postgres(), mariaDb());
		this.postgres.cut(true);
		old.allocate(sequence, 10, 1);
		assertThat(byName(old).get("postgres").status()).isEqualTo(StripeStatus.DOWN);
		this.mariaDb.cut(true);
		this.postgres.cut(false);
		this.postgres.afterNextStateRead(() -> {
			this.mariaDb.cut(false);
			striped(2, postgres(), mariaDb(), h2());
			Thread other = new Thread(old::checkAvailable);
			other.start();
			try {
				other.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		Segment segment = old.allocate(sequence, 10, 1);
		assertThat(segment.stride()).isEqualTo(3);
		StripeState postgres = byName(old).get("postgres");
		assertThat(postgres.status()).isEqualTo(StripeStatus.UP);
		assertThat(postgres.layout().generation()).isEqualTo(2);
		assertThat(old.stripes()).extracting(StripeState::status).doesNotContain(StripeStatus.MISMATCHED);
	}

	@Test
	void establishRejectsOneDatabaseListedTwiceUnderTwoNames() {
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> striped(1, postgres(),
					new StripeMember("postgres-again",
							new JdbcSegmentStore(TestBackends.postgres(), this.postgresTable))))
			.withMessageContaining("Stores 'postgres' and 'postgres-again' are one database");
	}

	@Test
	void establishRejectsStoresListedInAnotherOrder() {
		striped(1, postgres(), mariaDb());
		assertThatExceptionOfType(StripeMismatchException.class).isThrownBy(() -> striped(1, mariaDb(), postgres()))
			.withMessageContaining("'mariadb' is stripe 1 of 2 in generation 1")
			.withMessageContaining("lists it as stripe 0 of 2")
			.withMessageContaining("raise the generation to re-stripe");
	}

	@Test
	void establishRejectsAnOlderGenerationThanRecorded() {
		striped(1, postgres(), mariaDb());
		striped(2, postgres(), mariaDb(), h2());
		assertThatExceptionOfType(StripeMismatchException.class).isThrownBy(() -> striped(1, postgres(), mariaDb()))
			.withMessageContaining("records generation 2 of the stripe layout, newer than the configured generation 1");
	}

	@Test
	void establishRejectsDroppingAStoreWithoutRetiringIt() {
		String sequence = uniqueName("drop");
		striped(1, postgres(), mariaDb(), h2()).allocate(sequence, 10, 1);
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> striped(2, postgres(), h2()))
			.withMessageContaining("generation 1 has 3 stores, but stripe(s) [1] of it are neither among the stores "
					+ "nor among the retired stores");
	}

	@Test
	void retiringAStoreDropsItFromTheLayoutAndFromRunningInstances() {
		String sequence = uniqueName("retire");
		StripedSegmentStore old = striped(1, postgres(), mariaDb(), h2());
		long before = 0;
		for (int i = 0; i < 6; i++) {
			before = Math.max(before, old.allocate(sequence, 10, 1).last());
		}
		StripedSegmentStore restriped = striped(2, List.of(postgres(), h2()), List.of(mariaDb()));
		assertThat(byName(restriped).get("mariadb").status()).isEqualTo(StripeStatus.RETIRED);
		for (int i = 0; i < 6; i++) {
			Segment segment = restriped.allocate(sequence, 10, 1);
			assertThat(segment.stride()).isEqualTo(2);
			assertThat(segment.start()).isGreaterThan(before);
		}
		for (int i = 0; i < 6; i++) {
			assertThat(old.allocate(sequence, 10, 1).stride()).isEqualTo(2);
		}
		assertThat(byName(old).get("mariadb").status()).isEqualTo(StripeStatus.RETIRED);
	}

	@Test
	void aStoreThatLostItsRecordsIsNoLongerUsed() throws SQLException {
		String sequence = uniqueName("lost");
		StripedSegmentStore store = striped(1, postgres(), mariaDb());
		store.allocate(sequence, 10, 1);
		store.allocate(sequence, 10, 1);
		try (Connection connection = TestBackends.mariaDb().getConnection();
				Statement statement = connection.createStatement()) {
			statement.executeUpdate("DELETE FROM " + this.mariaDbTable);
		}
		for (int i = 0; i < 4; i++) {
			assertThat(store.allocate(sequence, 10, 1).start() % 2).isZero();
		}
		StripeState lost = byName(store).get("mariadb");
		assertThat(lost.status()).isEqualTo(StripeStatus.MISMATCHED);
		assertThat(lost.problem()).contains("went back from generation 1 to 0");
	}

	@Test
	void establishRefusesAStoreBehindTheOthersWhetherAddedWithoutANewGenerationOrEmptied() throws SQLException {
		String sequence = uniqueName("behind");
		striped(1, postgres(), mariaDb()).allocate(sequence, 10, 1);
		assertThatExceptionOfType(StripeMismatchException.class)
			.isThrownBy(() -> striped(1, postgres(), mariaDb(), h2()))
			.withMessageContaining("'h2' records generation 0 of the stripe layout, while store 'postgres' records "
					+ "the configured generation 1")
			.withMessageContaining("raise it to re-stripe");
		try (Connection connection = TestBackends.mariaDb().getConnection();
				Statement statement = connection.createStatement()) {
			statement.executeUpdate("DELETE FROM " + this.mariaDbTable);
		}
		assertThatExceptionOfType(StripeMismatchException.class).isThrownBy(() -> striped(1, postgres(), mariaDb()))
			.withMessageContaining("'mariadb' records generation 0")
			.withMessageContaining("lost its records");
	}

	@Test
	void establishNeedsEveryStoreToRestripeButNotToStart() {
		striped(1, postgres(), mariaDb());
		this.mariaDb.cut(true);
		StripedSegmentStore started = striped(1, postgres(), mariaDb());
		assertThat(byName(started).get("mariadb").status()).isEqualTo(StripeStatus.DOWN);
		assertThat(started.allocate(uniqueName("started"), 10, 1).start() % 2).isZero();
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> striped(2, postgres(), mariaDb(), h2()))
			.withMessageContaining("Re-striping to generation 2 needs every store")
			.withMessageContaining("mariadb");
	}

	@Test
	void boundedSequencesAndReservedNamesAreRejected() {
		StripedSegmentStore store = striped(1, postgres(), mariaDb());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> store.allocate("bounded", 10, new SequenceBounds(1, 999, false)))
			.withMessageContaining("max-value or cycles");
		assertThatIllegalArgumentException().isThrownBy(() -> store.allocate("@stripes", 10, 1))
			.withMessageContaining("reserved");
	}

}
