package io.github.idgen.faults.process;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import io.github.idgen.faults.FaultSummary;
import io.github.idgen.faults.process.StripedBackends.Store;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.striped.StripeLayout;
import io.github.idgen.segment.striped.StripeMember;
import io.github.idgen.segment.striped.StripedSegmentStore;
import io.github.idgen.test.history.FailureType;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryReport;
import io.github.idgen.test.history.RecordedCall;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Re-stripings that get in each other's way or are given the wrong store, under child
 * JVMs of the old layout drawing all along (scenario {@code restripe-concurrent}), over
 * the stores of {@link StripedBackends}, each behind a proxy of its own:
 * <ul>
 * <li>{@code 2-and-3}: generation 1 is PostgreSQL and MariaDB. One child re-stripes to
 * generation 2, adding H2; once it has closed the first store, another starts and
 * re-stripes to generation 3, adding another PostgreSQL table instead (a rollout
 * superseded by another while their pods overlap). Every round trip to a store takes 20
 * ms longer until both have started or refused, so that the two overlap. At most one of
 * them may start.</li>
 * <li>{@code stand-in}: generation 1 is PostgreSQL, MariaDB and H2. A child re-stripes to
 * generation 2 with another PostgreSQL table in H2's place, one that records stripe 2 of
 * generation 1 of another layout (another deployment's store). It must refuse, and the
 * old children must go on undisturbed.</li>
 * </ul>
 * In both, the merged history holds no duplicate, each thread's IDs increase, and every
 * ID lies in the stripe of a store that could have issued it: some generation recorded in
 * a store whose counter reached the ID gives the store the ID's stripe.
 */
@Tag("faults")
class ConcurrentRestripingScenarioTest {

	private static final String SCENARIO = "restripe-concurrent";

	private static final Duration FETCH_TIMEOUT = Duration.ofSeconds(1);

	/**
	 * The fetch timeout of the old instances while a re-striping with a stand-in is
	 * refused: nothing closes their stores, so a failure would tell that something did,
	 * not that a child JVM starting beside them on two cores held a fetch up for a
	 * second.
	 */
	private static final Duration UNDISTURBED_FETCH_TIMEOUT = Duration.ofSeconds(5);

	/**
	 * How much longer than the fetch timeout a failing call may take on a loaded machine.
	 */
	private static final Duration SLACK = Duration.ofMillis(750);

	private static final Duration LATENCY = Duration.ofMillis(20);

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

	/**
	 * Segments of 200 IDs, five fetches a second per thread: stores of one stripe serving
	 * two instances at once would soon hand out one ID twice.
	 */
	private static final int STEP = 200;

	private static final int OLD_CHILDREN = 2;

	private static final int THREADS = 2;

	@RegisterExtension
	final StartedChildren children = new StartedChildren();

	@TempDir(cleanup = CleanupMode.ON_SUCCESS)
	Path directory;

	@Test
	void twoRestripingsToDifferentGenerationsAtOnceHandOutNoIdTwice() throws Exception {
		long began = System.nanoTime();
		Path history = Files.createDirectories(this.directory.resolve("overlap"));
		String sequence = "overlap-" + UUID.randomUUID();
		List<StoreAtEnd> stores;
		boolean firstStarted;
		boolean secondStarted;
		try (StripedBackends backends = StripedBackends
			.open(Files.createDirectories(this.directory.resolve("overlap-h2")))) {
			backends.addPostgres("postgresql-d");
			List<Store> all = Stream.of("postgresql", "mariadb", "h2", "postgresql-d").map(backends::store).toList();
			List<ChildJvm> running = startOld(backends.options(1, List.of("postgresql", "mariadb")), sequence, history,
					FETCH_TIMEOUT);
			Thread.sleep(1000);
			all.forEach((store) -> store.proxy().latency(LATENCY));
			ChildJvm first = start(
					generating(backends.options(2, List.of("postgresql", "mariadb", "h2")), sequence, history),
					"first");
			awaitClosed(all.get(0), first);
			ChildJvm second = start(generating(backends.options(3, List.of("postgresql", "mariadb", "postgresql-d")),
					sequence, history), "second");
			firstStarted = startedOrRefused(first, running);
			secondStarted = startedOrRefused(second, running);
			all.forEach((store) -> store.proxy().latency(Duration.ZERO));
			Thread.sleep(3000);
			stop(running);
			stores = atEnd(all, sequence);
		}
		HistoryReport report = HistoryChecker.checkDirectory(history);
		List<RecordedCall> calls = calls(history);
		long oldFailures = calls.stream().filter(RecordedCall::failed).count();
		FaultSummary.report(SCENARIO, "2-and-3", report);
		FaultSummary.note(String.format(
				"FAULTS %s 2-and-3 no ID twice while generation 2 (pg+maria+h2) and generation 3 (pg+maria+pg-d) "
						+ "re-stripe at once under %d instances of generation 1 (pg+maria), %d ms added per round "
						+ "trip: generation 2 started: %s, generation 3 started: %s; callers' failures while the "
						+ "stores were closed: %d; every ID in the stripe of a store that reached it; wall time %d s",
				SCENARIO, OLD_CHILDREN, LATENCY.toMillis(), firstStarted, secondStarted, oldFailures,
				Duration.ofNanos(System.nanoTime() - began).toSeconds()));

		assertUniqueAndIncreasing(report);
		assertThat(report.unknown()).as("calls left unfinished").isZero();
		assertThat(report.failures().keySet()).as("failure types").isSubsetOf(FailureType.BACKEND_UNAVAILABLE);
		assertThat(report.maxLatency()).as("slowest call").isLessThanOrEqualTo(FETCH_TIMEOUT.plus(SLACK));
		assertThat(firstStarted && secondStarted).as("both re-stripings started").isFalse();
		assertInStripes(calls, stores);
	}

	@Test
	void aStoreOfAnotherLayoutCannotStandInForAStoreOfTheOldOne() throws Exception {
		long began = System.nanoTime();
		Path history = Files.createDirectories(this.directory.resolve("stand-in"));
		String sequence = "stand-in-" + UUID.randomUUID();
		List<StoreAtEnd> stores;
		boolean started;
		try (StripedBackends backends = StripedBackends
			.open(Files.createDirectories(this.directory.resolve("stand-in-h2")))) {
			setUpAnotherLayout(backends.addPostgres("other-0"), backends.addPostgres("other-1"),
					backends.addPostgres("stand-in"));
			List<Store> old = Stream.of("postgresql", "mariadb", "h2").map(backends::store).toList();
			List<ChildJvm> running = startOld(backends.options(1, List.of("postgresql", "mariadb", "h2")), sequence,
					history, UNDISTURBED_FETCH_TIMEOUT);
			Thread.sleep(1000);
			ChildJvm restriping = start(
					generating(backends.options(2, List.of("postgresql", "mariadb", "stand-in")), sequence, history),
					"restriping");
			started = startedOrRefused(restriping, running);
			Thread.sleep(1500);
			stop(running);
			assertThat(restriping.log()).as("log of the re-striping child")
				.contains("record(s) stripe 2 of generation 1 too, but of another list of stores");
			stores = atEnd(old, sequence);
		}
		HistoryReport report = HistoryChecker.checkDirectory(history);
		List<RecordedCall> calls = calls(history);
		FaultSummary.report(SCENARIO, "stand-in", report);
		FaultSummary.note(String.format(
				"FAULTS %s stand-in no ID twice when generation 1 (pg+maria+h2) is re-striped with another "
						+ "layout's store in h2's place under %d instances of generation 1: re-striping started: "
						+ "%s; callers' failures: %d; every ID in the stripe of a store that reached it; wall time "
						+ "%d s",
				SCENARIO, OLD_CHILDREN, started, calls.stream().filter(RecordedCall::failed).count(),
				Duration.ofNanos(System.nanoTime() - began).toSeconds()));

		assertUniqueAndIncreasing(report);
		assertThat(report.unknown()).as("calls left unfinished").isZero();
		assertThat(started).as("re-striping with a stand-in started").isFalse();
		assertThat(report.failures()).as("failures of the old instances, which nothing closed").isEmpty();
		assertInStripes(calls, stores);
	}

	/**
	 * Set up generation 1 of another layout on three stores, as another deployment would,
	 * reserving a segment so that its counters exist.
	 */
	private static void setUpAnotherLayout(Store... stores) {
		List<StripeMember> members = new ArrayList<>();
		for (Store store : stores) {
			members.add(new StripeMember(store.name(), new JdbcSegmentStore(store.direct(), store.table())));
		}
		try (StripedSegmentStore other = new StripedSegmentStore(members, List.of(), 1)) {
			other.establish();
			other.allocate("other-deployment", 10, 1);
		}
	}

	private List<ChildJvm> startOld(ChildOptions store, String sequence, Path history, Duration fetchTimeout)
			throws InterruptedException {
		List<ChildJvm> running = new ArrayList<>();
		for (int i = 0; i < OLD_CHILDREN; i++) {
			running.add(start(generating(store, sequence, history, fetchTimeout), "old" + i));
		}
		for (ChildJvm child : running) {
			child.awaitReady(READY_TIMEOUT);
		}
		return running;
	}

	/**
	 * Wait until the re-striping child has closed a store.
	 */
	private static void awaitClosed(Store store, ChildJvm restriping) throws InterruptedException {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while (store.state() % 2 == 0) {
			assertThat(System.nanoTime() - deadline).as("%s closing %s", restriping.name(), store.name()).isNegative();
			Thread.sleep(5);
		}
	}

	/**
	 * Wait until a re-striping child is ready, or has refused to start; one that started
	 * joins the running children.
	 * @return whether it started
	 */
	private static boolean startedOrRefused(ChildJvm child, List<ChildJvm> running) throws InterruptedException {
		try {
			child.awaitReady(READY_TIMEOUT);
			running.add(child);
			return true;
		}
		catch (IllegalStateException ex) {
			assertThat(child.isAlive()).as("%s neither ready nor stopped", child.name()).isFalse();
			child.log()
				.lines()
				.filter((line) -> line.contains("Exception:"))
				.findFirst()
				.ifPresent((line) -> System.out.println(child.name() + " refused: " + line));
			return false;
		}
	}

	private static void stop(List<ChildJvm> running) throws Exception {
		for (ChildJvm child : running) {
			child.stop(STOP_TIMEOUT);
		}
	}

	/**
	 * Read, past the proxies, the layouts each store records and its counter of the
	 * sequence, before the tables are dropped.
	 */
	private static List<StoreAtEnd> atEnd(List<Store> stores, String sequence) {
		return stores.stream()
			.map((store) -> new StoreAtEnd(store.name(), store.layouts(), store.counter(sequence)))
			.toList();
	}

	private ChildJvm start(ChildOptions options, String name) {
		return this.children.start(name, options.with("incarnation", name), Map.of(), this.directory);
	}

	private static ChildOptions generating(ChildOptions store, String sequence, Path history) {
		return generating(store, sequence, history, FETCH_TIMEOUT);
	}

	private static ChildOptions generating(ChildOptions store, String sequence, Path history, Duration fetchTimeout) {
		return store.with("mode", "segment")
			.with("sequence", sequence)
			.with("step", STEP)
			.with("fetchTimeout", fetchTimeout)
			.with("threads", THREADS)
			.with("pace", 1)
			.with("capacity", 200_000)
			.with("history", history);
	}

	private static List<RecordedCall> calls(Path history) throws Exception {
		try (Stream<Path> files = Files.list(history)) {
			return files.sorted().flatMap((file) -> HistoryChecker.calls(file, 0).stream()).toList();
		}
	}

	/**
	 * Assert that every ID lies in the stripe of a store that could have issued it: a
	 * generation recorded in a store whose counter reached the ID gives that store the
	 * ID's stripe.
	 */
	private static void assertInStripes(List<RecordedCall> calls, List<StoreAtEnd> stores) {
		List<Long> outside = new ArrayList<>();
		long checked = 0;
		for (RecordedCall call : calls) {
			if (call.ok()) {
				checked++;
				if (outside.size() < 10 && stores.stream().noneMatch((store) -> store.mayHaveIssued(call.id()))) {
					outside.add(call.id());
				}
			}
		}
		assertThat(checked).as("IDs checked").isPositive();
		assertThat(outside).as("IDs outside the stripe of every store that reached them, stores %s", stores).isEmpty();
	}

	/**
	 * What a store holds at the end of a run.
	 *
	 * @param name the store's name
	 * @param layouts the layout of each generation it records
	 * @param counter its counter of the sequence
	 */
	private record StoreAtEnd(String name, Map<Integer, StripeLayout> layouts, long counter) {

		boolean mayHaveIssued(long id) {
			return id <= this.counter && this.layouts.values().stream().anyMatch((layout) -> layout.contains(id));
		}

	}

}
