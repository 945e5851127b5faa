package io.github.idgen.faults.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import io.github.idgen.faults.FaultSummary;
import io.github.idgen.faults.process.StripedBackends.Store;
import io.github.idgen.segment.striped.StripeLayout;
import io.github.idgen.test.history.FailureType;
import io.github.idgen.test.history.HistoryChecker;
import io.github.idgen.test.history.HistoryRecorder.Outcome;
import io.github.idgen.test.history.HistoryReport;
import io.github.idgen.test.history.RecordedCall;

import static io.github.idgen.faults.HistoryAssertions.assertUniqueAndIncreasing;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Striped segment stores under faults: PostgreSQL, MariaDB and an H2 file database as the
 * three stripes of a {@link io.github.idgen.segment.striped.StripedSegmentStore}, each
 * behind a {@link io.github.idgen.faults.network.TcpProxy} of its own (see
 * {@link StripedBackends}), two child JVMs with two threads each drawing from one
 * sequence.
 * <ul>
 * <li>Cuts: one store cut for ten seconds, then (after it is back) two stores, then all
 * three; then the first store returns. While one or two stores are cut no call fails;
 * while all are cut the calls fail with
 * {@link io.github.idgen.BackendUnavailableException} within the fetch timeout; within a
 * second of the first store's return every instance hands out IDs again, of that store's
 * stripe. A cut store reserves nothing while it is cut: no ID of its stripe handed out
 * meanwhile lies above its counter at the cut.</li>
 * <li>Re-striping: two instances run on PostgreSQL and MariaDB (generation 1), and two
 * more start on all three stores with generation 2, re-striping while the first two run;
 * those move to the new layout.</li>
 * </ul>
 * In both, the merged history holds no duplicate, each thread's IDs increase (the history
 * checker judges each thread's file; IDs of two threads of one instance have no order to
 * check), and every ID lies in the stripe of the store that issued it: with {@code n}
 * stores in its generation, {@code x mod n} is the index of a store whose counter is at
 * least {@code x}. The children's stores open a connection per operation
 * ({@link UnpooledDataSource}), so that the scenario times the striped store and not a
 * pool's back-off.
 */
@Tag("faults")
class StripedStoresScenarioTest {

	private static final List<String> STORES = List.of("postgresql", "mariadb", "h2");

	private static final Duration FETCH_TIMEOUT = Duration.ofSeconds(1);

	/**
	 * How much longer than the fetch timeout a failing call may take on a loaded machine.
	 */
	private static final Duration SLACK = Duration.ofMillis(750);

	private static final Duration MAX_RECOVERY = Duration.ofSeconds(1);

	private static final Duration ONE_CUT = Duration.ofSeconds(10);

	private static final Duration PHASE = Duration.ofSeconds(3);

	/**
	 * How long after a cut the counters of the cut stores are read: a reservation under
	 * way when the proxy closed its connection has been committed or rolled back by then.
	 */
	private static final long SETTLE_MILLIS = 200;

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

	/**
	 * Segments of 1,000 IDs, the next fetched at half of the current one, at about 900
	 * IDs a second per thread ({@code pace=1}): a fetch has about a quarter of a second
	 * before a caller waits, and the buffered IDs last about a second once every store is
	 * cut.
	 */
	private static final int STEP = 1000;

	private static final int CHILDREN = 2;

	private static final int THREADS = 2;

	@RegisterExtension
	final StartedChildren children = new StartedChildren();

	@TempDir(cleanup = CleanupMode.ON_SUCCESS)
	Path directory;

	@Test
	void threeStoresServeWhileAnyAnswersAndTheFirstBackServesWithinASecond() throws Exception {
		long began = System.nanoTime();
		Path history = Files.createDirectories(this.directory.resolve("history"));
		String sequence = "striped-" + UUID.randomUUID();
		Map<String, Long> countersAtOneCut = new LinkedHashMap<>();
		Map<String, Long> countersAtTwoCut = new LinkedHashMap<>();
		Map<String, Long> countersAfterReturn = new LinkedHashMap<>();
		Map<String, Long> finalCounters = new LinkedHashMap<>();
		Map<String, StripeLayout> layouts = new LinkedHashMap<>();
		List<Duration> recoveries;
		List<Duration> reconnects = new ArrayList<>();
		LiveHistories histories;
		List<Map<Path, Integer>> marks = new ArrayList<>();
		try (StripedBackends backends = StripedBackends.open(Files.createDirectories(this.directory.resolve("h2")))) {
			Store postgres = backends.store("postgresql");
			Store mariaDb = backends.store("mariadb");
			Store h2 = backends.store("h2");
			ChildOptions options = generating(backends.options(1, STORES), sequence, history);
			List<String> names = new ArrayList<>();
			List<ChildJvm> started = new ArrayList<>();
			for (int i = 0; i < CHILDREN; i++) {
				names.add("stripes" + i);
				started.add(start(options, names.get(i)));
			}
			for (ChildJvm child : started) {
				child.awaitReady(READY_TIMEOUT);
			}
			histories = new LiveHistories(history, names);
			Thread.sleep(2000);

			marks.add(histories.mark());
			postgres.proxy().cut();
			Thread.sleep(SETTLE_MILLIS);
			countersAtOneCut.put("postgresql", postgres.counter(sequence));
			Thread.sleep(ONE_CUT.toMillis() - SETTLE_MILLIS);
			marks.add(histories.mark());
			postgres.proxy().restore();
			// Checked again within a second, then one fetch in three tries it first.
			Thread.sleep(3000);
			countersAfterReturn.put("postgresql", postgres.counter(sequence));

			marks.add(histories.mark());
			postgres.proxy().cut();
			mariaDb.proxy().cut();
			Thread.sleep(SETTLE_MILLIS);
			countersAtTwoCut.put("postgresql", postgres.counter(sequence));
			countersAtTwoCut.put("mariadb", mariaDb.counter(sequence));
			Thread.sleep(PHASE.toMillis() - SETTLE_MILLIS);

			marks.add(histories.mark());
			h2.proxy().cut();
			Thread.sleep(PHASE.toMillis());

			marks.add(histories.mark());
			postgres.proxy().restore();
			long restoredAt = System.nanoTime();
			recoveries = histories.awaitFirstId(marks.get(4), restoredAt, Duration.ofSeconds(5));
			reconnects.add(postgres.proxy().firstConnectionAfterRestore());
			Thread.sleep(1000);
			mariaDb.proxy().restore();
			h2.proxy().restore();
			Thread.sleep(1500);
			for (ChildJvm child : started) {
				child.stop(STOP_TIMEOUT);
			}
			for (int index = 0; index < STORES.size(); index++) {
				Store store = backends.store(STORES.get(index));
				finalCounters.put(store.name(), store.counter(sequence));
				layouts.put(store.name(), store.layout(1));
			}
		}

		HistoryReport report = HistoryChecker.checkDirectory(history);
		Map<Path, List<RecordedCall>> calls = histories.read();
		List<Phase> phases = List.of(new Phase("warm-up", null, 0), new Phase("one cut", marks.get(0), 1),
				new Phase("one back", marks.get(1), 2), new Phase("two cut", marks.get(2), 3),
				new Phase("all cut", marks.get(3), 4), new Phase("first back", marks.get(4), 5));
		Map<String, List<RecordedCall>> byPhase = new LinkedHashMap<>();
		for (Phase phase : phases) {
			byPhase.put(phase.name(), new ArrayList<>());
		}
		for (Map.Entry<Path, List<RecordedCall>> file : calls.entrySet()) {
			for (Phase phase : phases) {
				byPhase.get(phase.name()).addAll(phase.slice(file.getKey(), file.getValue(), marks));
			}
		}
		List<RecordedCall> allCutFailures = byPhase.get("all cut").stream().filter(RecordedCall::failed).toList();
		Duration slowestAllCutFailure = Duration
			.ofNanos(allCutFailures.stream().mapToLong(RecordedCall::latencyNanos).max().orElse(0));
		Duration wallTime = Duration.ofNanos(System.nanoTime() - began);
		FaultSummary.report("striped-cut", "pg+maria+h2", report);
		FaultSummary.note(String.format(
				"FAULTS striped-cut  pg+maria+h2 no caller error while one store is cut (%s) or two (%s); "
						+ "all cut: %d x BackendUnavailable, slowest %d ms (fetch-timeout %d ms); first ID after the "
						+ "first store's return per instance %s (its first connection %s); every ID in its store's "
						+ "stripe; wall time %d s",
				failureCounts(byPhase.get("one cut")), failureCounts(byPhase.get("two cut")), allCutFailures.size(),
				slowestAllCutFailure.toMillis(), FETCH_TIMEOUT.toMillis(), millis(recoveries), millis(reconnects),
				wallTime.toSeconds()));

		assertUniqueAndIncreasing(report);
		assertThat(report.unknown()).as("calls left unfinished").isZero();
		assertThat(report.failures().keySet()).as("failure types").isSubsetOf(FailureType.BACKEND_UNAVAILABLE);
		assertThat(report.maxLatency()).as("slowest call").isLessThanOrEqualTo(FETCH_TIMEOUT.plus(SLACK));
		for (int index = 0; index < STORES.size(); index++) {
			assertThat(layouts.get(STORES.get(index))).as("layout of %s", STORES.get(index))
				.extracting(StripeLayout::count, StripeLayout::index)
				.containsExactly(3, index);
		}
		assertInStripes(calls, layouts, finalCounters, Long.MIN_VALUE, null, null);

		for (String phase : List.of("warm-up", "one cut", "one back", "two cut")) {
			assertThat(byPhase.get(phase)).as("calls while %s", phase).isNotEmpty().noneMatch(RecordedCall::failed);
		}
		assertThat(residues(byPhase.get("one cut"))).as("stripes served while PostgreSQL is cut").contains(1L, 2L);
		assertAtMost(byPhase.get("one cut"), 0, countersAtOneCut.get("postgresql"),
				"an ID of PostgreSQL's stripe handed out while it is cut");
		assertThat(countersAfterReturn.get("postgresql")).as("PostgreSQL's counter after its return")
			.isGreaterThan(countersAtOneCut.get("postgresql"));
		assertAtMost(byPhase.get("two cut"), 0, countersAtTwoCut.get("postgresql"),
				"an ID of PostgreSQL's stripe handed out while it is cut");
		assertAtMost(byPhase.get("two cut"), 1, countersAtTwoCut.get("mariadb"),
				"an ID of MariaDB's stripe handed out while it is cut");
		assertThat(residues(byPhase.get("two cut"))).as("stripes served while two stores are cut").contains(2L);

		for (Map.Entry<Path, List<RecordedCall>> file : calls.entrySet()) {
			List<RecordedCall> allCut = phases.get(4).slice(file.getKey(), file.getValue(), marks);
			assertThat(allCut).as("calls of %s while every store is cut", file.getKey().getFileName())
				.isNotEmpty()
				.anyMatch(RecordedCall::failed);
			assertThat(allCut.get(allCut.size() - 1).outcome())
				.as("last call of %s before the first store's return", file.getKey().getFileName())
				.isEqualTo(Outcome.FAILED);
			List<RecordedCall> afterReturn = phases.get(5).slice(file.getKey(), file.getValue(), marks);
			int firstId = indexOfFirstId(afterReturn);
			assertThat(firstId).as("an ID of %s after the first store's return", file.getKey().getFileName())
				.isNotNegative();
			assertThat(afterReturn.get(firstId).id() % 3)
				.as("stripe of the first ID of %s after PostgreSQL's return", file.getKey().getFileName())
				.isZero();
			assertThat(afterReturn.subList(firstId, afterReturn.size()))
				.as("calls of %s once it was served again", file.getKey().getFileName())
				.noneMatch(RecordedCall::failed);
		}
		assertThat(allCutFailures).as("failures while every store is cut")
			.allSatisfy((call) -> assertThat(call.failure()).isEqualTo(FailureType.BACKEND_UNAVAILABLE));
		assertThat(slowestAllCutFailure).as("slowest failure while every store is cut")
			.isLessThanOrEqualTo(FETCH_TIMEOUT.plus(SLACK));
		assertThat(recoveries).as("first ID per instance after the first store's return")
			.hasSize(CHILDREN)
			.allSatisfy((recovery) -> assertThat(recovery).isNotNull().isLessThanOrEqualTo(MAX_RECOVERY));
	}

	@Test
	void restripingFromTwoStoresToThreeWhileInstancesRunHandsOutNoIdTwice() throws Exception {
		long began = System.nanoTime();
		Path history = Files.createDirectories(this.directory.resolve("history"));
		String sequence = "restripe-" + UUID.randomUUID();
		long highestBefore;
		Map<String, Long> finalCounters = new LinkedHashMap<>();
		Map<String, StripeLayout> oldLayouts = new LinkedHashMap<>();
		Map<String, StripeLayout> newLayouts = new LinkedHashMap<>();
		try (StripedBackends backends = StripedBackends.open(Files.createDirectories(this.directory.resolve("h2")))) {
			ChildOptions old = generating(backends.options(1, STORES.subList(0, 2)), sequence, history);
			ChildOptions restriped = generating(backends.options(2, STORES), sequence, history);
			List<ChildJvm> started = new ArrayList<>();
			for (int i = 0; i < CHILDREN; i++) {
				started.add(start(old, "old" + i));
			}
			for (ChildJvm child : started) {
				child.awaitReady(READY_TIMEOUT);
			}
			Thread.sleep(1500);
			highestBefore = Math.max(backends.store("postgresql").counter(sequence),
					backends.store("mariadb").counter(sequence));
			List<ChildJvm> restriping = new ArrayList<>();
			for (int i = 0; i < CHILDREN; i++) {
				restriping.add(start(restriped, "new" + i));
			}
			for (ChildJvm child : restriping) {
				child.awaitReady(READY_TIMEOUT);
			}
			started.addAll(restriping);
			Thread.sleep(3000);
			for (ChildJvm child : started) {
				child.stop(STOP_TIMEOUT);
			}
			for (ChildJvm child : started) {
				child.log()
					.lines()
					.filter((line) -> line.contains("established") || line.contains("Re-striped")
							|| line.contains("moved to generation") || line.contains("failed;"))
					.forEach((line) -> System.out.println(child.name() + ": " + line));
			}
			for (String name : STORES) {
				Store store = backends.store(name);
				finalCounters.put(name, store.counter(sequence));
				if (!name.equals("h2")) {
					oldLayouts.put(name, store.layout(1));
				}
				newLayouts.put(name, store.layout(2));
			}
		}

		HistoryReport report = HistoryChecker.checkDirectory(history);
		Map<Path, List<RecordedCall>> calls = new LiveHistories(history, List.of()).readAll();
		List<RecordedCall> newCalls = ids(calls, "new");
		// every ID of the old layout lies at or below the counter the re-striping raised
		// the sequence to in every store, every ID of the new layout above it: the first
		// ID of the new instances splits them at or above that counter
		long boundary = newCalls.stream().mapToLong(RecordedCall::id).min().orElseThrow();
		List<RecordedCall> oldAfter = ids(calls, "old").stream().filter((call) -> call.id() >= boundary).toList();
		List<RecordedCall> oldFailures = failures(calls, "old");
		Duration wallTime = Duration.ofNanos(System.nanoTime() - began);
		FaultSummary.report("restripe", "2-to-3", report);
		FaultSummary.note(String.format(
				"FAULTS restripe     2-to-3     no ID twice in the union while generation 2 (pg+maria+h2, first ID %d) "
						+ "re-stripes under 2 instances of generation 1 (pg+maria); IDs of the old instances in the "
						+ "new layout: %d; their callers' failures while every store was closed: %d, slowest %d ms "
						+ "(fetch-timeout %d ms); every ID in its store's stripe; wall time %d s",
				boundary, oldAfter.size(), oldFailures.size(),
				oldFailures.stream().mapToLong(RecordedCall::latencyNanos).max().orElse(0) / 1_000_000,
				FETCH_TIMEOUT.toMillis(), wallTime.toSeconds()));

		assertUniqueAndIncreasing(report);
		assertThat(report.unknown()).as("calls left unfinished").isZero();
		assertThat(report.failures().keySet()).as("failure types").isSubsetOf(FailureType.BACKEND_UNAVAILABLE);
		assertThat(report.maxLatency()).as("slowest call").isLessThanOrEqualTo(FETCH_TIMEOUT.plus(SLACK));
		assertThat(failures(calls, "new")).as("failures of the instances of generation 2").isEmpty();
		assertThat(boundary).as("first ID of the instances of generation 2").isGreaterThan(highestBefore);
		assertThat(oldLayouts.values()).extracting(StripeLayout::count).containsOnly(2);
		assertThat(newLayouts.values()).extracting(StripeLayout::count, StripeLayout::index)
			.containsExactly(Tuple.tuple(3, 0), Tuple.tuple(3, 1), Tuple.tuple(3, 2));
		assertInStripes(calls, newLayouts, finalCounters, boundary, oldLayouts, finalCounters);
		assertThat(residues(newCalls)).as("stripes serving generation 2").contains(2L);
		assertThat(oldAfter).as("IDs of the instances of generation 1 in the new layout").isNotEmpty();
		assertThat(residues(oldAfter)).as("stripes of the instances of generation 1 in the new layout")
			.doesNotContain(2L);
	}

	private ChildJvm start(ChildOptions options, String name) {
		return this.children.start(name, options.with("incarnation", name), Map.of(), this.directory);
	}

	private static ChildOptions generating(ChildOptions store, String sequence, Path history) {
		return store.with("mode", "segment")
			.with("sequence", sequence)
			.with("step", STEP)
			.with("fetchTimeout", FETCH_TIMEOUT)
			.with("threads", THREADS)
			.with("pace", 1)
			.with("capacity", 200_000)
			.with("history", history);
	}

	/**
	 * Assert that every ID lies in the stripe of a store: at or above {@code boundary},
	 * {@code x mod n} is the index of a store of {@code layouts} whose counter is at
	 * least {@code x}; below it, the same in {@code oldLayouts}.
	 */
	private static void assertInStripes(Map<Path, List<RecordedCall>> calls, Map<String, StripeLayout> layouts,
			Map<String, Long> counters, long boundary, Map<String, StripeLayout> oldLayouts,
			Map<String, Long> oldCounters) {
		List<String> outside = new ArrayList<>();
		long checked = 0;
		for (List<RecordedCall> file : calls.values()) {
			for (RecordedCall call : file) {
				if (!call.ok()) {
					continue;
				}
				long id = call.id();
				boolean old = id < boundary;
				if (!inStripe(id, old ? oldLayouts : layouts, old ? oldCounters : counters) && outside.size() < 10) {
					outside.add(Long.toString(id));
				}
				checked++;
			}
		}
		assertThat(checked).as("IDs checked").isPositive();
		assertThat(outside).as("IDs outside the stripe of every store, layouts %s, counters %s", layouts, counters)
			.isEmpty();
	}

	private static boolean inStripe(long id, Map<String, StripeLayout> layouts, Map<String, Long> counters) {
		if (layouts == null) {
			return false;
		}
		for (Map.Entry<String, StripeLayout> layout : layouts.entrySet()) {
			if (layout.getValue().contains(id) && id <= counters.get(layout.getKey())) {
				return true;
			}
		}
		return false;
	}

	private static void assertAtMost(List<RecordedCall> calls, int residue, long counter, String description) {
		assertThat(calls).as("%s (its counter at the cut: %d)", description, counter)
			.noneMatch((call) -> call.ok() && call.id() % 3 == residue && call.id() > counter);
	}

	private static Set<Long> residues(List<RecordedCall> calls) {
		return calls.stream().filter(RecordedCall::ok).map((call) -> call.id() % 3).collect(Collectors.toSet());
	}

	private static int indexOfFirstId(List<RecordedCall> calls) {
		for (int i = 0; i < calls.size(); i++) {
			if (calls.get(i).ok()) {
				return i;
			}
		}
		return -1;
	}

	private static List<RecordedCall> ids(Map<Path, List<RecordedCall>> calls, String prefix) {
		return calls.entrySet()
			.stream()
			.filter((file) -> file.getKey().getFileName().toString().startsWith(prefix))
			.flatMap((file) -> file.getValue().stream())
			.filter(RecordedCall::ok)
			.toList();
	}

	private static List<RecordedCall> failures(Map<Path, List<RecordedCall>> calls, String prefix) {
		return calls.entrySet()
			.stream()
			.filter((file) -> file.getKey().getFileName().toString().startsWith(prefix))
			.flatMap((file) -> file.getValue().stream())
			.filter(RecordedCall::failed)
			.toList();
	}

	private static String failureCounts(List<RecordedCall> calls) {
		long failed = calls.stream().filter(RecordedCall::failed).count();
		return failed + " failures in " + calls.size() + " calls";
	}

	private static String millis(List<Duration> durations) {
		return durations.stream()
			.map((duration) -> (duration != null) ? duration.toMillis() + " ms" : "none")
			.collect(Collectors.joining(", ", "[", "]"));
	}

	/**
	 * A phase of the scenario: the calls of each history file from the mark taken when it
	 * began (a call under way then counts to it) to the mark of the next phase.
	 */
	private record Phase(String name, Map<Path, Integer> from, int nextMark) {

		List<RecordedCall> slice(Path file, List<RecordedCall> calls, List<Map<Path, Integer>> marks) {
			int start = (this.from != null) ? this.from.get(file) : 0;
			int end = (this.nextMark < marks.size()) ? marks.get(this.nextMark).get(file) : calls.size();
			return calls.subList(start, end);
		}

	}

	/**
	 * The history files of running children, read while they write them.
	 */
	private static final class LiveHistories {

		private final Path directory;

		private final Map<String, List<Path>> filesByChild = new LinkedHashMap<>();

		LiveHistories(Path directory, List<String> children) {
			this.directory = directory;
			for (String child : children) {
				List<Path> files = new ArrayList<>();
				for (int thread = 0; thread < THREADS; thread++) {
					files.add(directory.resolve(child + "-t" + thread));
				}
				this.filesByChild.put(child, files);
			}
		}

		/**
		 * Return how many calls of each file have completed: the index of the call under
		 * way, if any, which counts to what comes after the mark.
		 */
		Map<Path, Integer> mark() {
			Map<Path, Integer> mark = new LinkedHashMap<>();
			this.filesByChild.values().forEach((files) -> files.forEach((file) -> {
				List<RecordedCall> calls = HistoryChecker.calls(file, 0);
				int completed = calls.size();
				if (completed > 0 && calls.get(completed - 1).outcome() == Outcome.INVOKED) {
					completed--;
				}
				mark.put(file, completed);
			}));
			return mark;
		}

		/**
		 * Wait until each child has handed out an ID after a mark, and return how long
		 * after {@code since} each did, {@code null} for a child that did not in time.
		 */
		List<Duration> awaitFirstId(Map<Path, Integer> mark, long since, Duration timeout) throws InterruptedException {
			Map<String, Duration> firsts = new LinkedHashMap<>();
			long deadline = since + timeout.toNanos();
			while (firsts.size() < this.filesByChild.size() && System.nanoTime() - deadline < 0) {
				for (Map.Entry<String, List<Path>> child : this.filesByChild.entrySet()) {
					if (!firsts.containsKey(child.getKey()) && child.getValue()
						.stream()
						.anyMatch((file) -> HistoryChecker.calls(file, mark.get(file))
							.stream()
							.anyMatch(RecordedCall::ok))) {
						firsts.put(child.getKey(), Duration.ofNanos(System.nanoTime() - since));
					}
				}
				Thread.sleep(5);
			}
			List<Duration> result = new ArrayList<>();
			this.filesByChild.keySet().forEach((child) -> result.add(firsts.get(child)));
			return result;
		}

		/**
		 * Read every call of the children's files, once they have stopped.
		 */
		Map<Path, List<RecordedCall>> read() {
			Map<Path, List<RecordedCall>> calls = new LinkedHashMap<>();
			this.filesByChild.values()
				.forEach((files) -> files.forEach((file) -> calls.put(file, HistoryChecker.calls(file, 0))));
			return calls;
		}

		/**
		 * Read every call of every file in the directory, once the children have stopped.
		 */
		Map<Path, List<RecordedCall>> readAll() throws IOException {
			Map<Path, List<RecordedCall>> calls = new LinkedHashMap<>();
			try (Stream<Path> files = Files.list(this.directory)) {
				files.sorted().forEach((file) -> calls.put(file, HistoryChecker.calls(file, 0)));
			}
			return calls;
		}

	}

}
