package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.idgen.test.Concurrently.runTogether;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The behaviour every {@link StripeStore} must have. A store's test extends this class
 * and supplies {@link #createStore()}; every test uses counter names of its own.
 */
public abstract class AbstractStripeStoreTest {

	private StripeStore store;

	/**
	 * Create a store on the backend under test. Called several times where several
	 * instances sharing one backend are needed.
	 * @return a new store
	 */
	protected abstract StripeStore createStore();

	@BeforeEach
	void createDefaultStore() {
		this.store = createStore();
	}

	@Test
	void readWhenCounterIsMissingIsEmpty() {
		assertThat(this.store.read(uniqueName("missing"))).isEmpty();
	}

	@Test
	void compareAndSetWithEmptyExpectedCreatesOnlyOnce() {
		String counter = uniqueName("create");
		assertThat(this.store.compareAndSet(counter, OptionalLong.empty(), 41)).isTrue();
		assertThat(this.store.read(counter)).hasValue(41);
		assertThat(this.store.compareAndSet(counter, OptionalLong.empty(), 99)).isFalse();
		assertThat(this.store.read(counter)).hasValue(41);
	}

	@Test
	void compareAndSetSetsOnlyFromTheExpectedValue() {
		String counter = uniqueName("cas");
		this.store.compareAndSet(counter, OptionalLong.empty(), 10);
		assertThat(this.store.compareAndSet(counter, OptionalLong.of(9), 20)).isFalse();
		assertThat(this.store.read(counter)).hasValue(10);
		assertThat(this.store.compareAndSet(counter, OptionalLong.of(10), 20)).isTrue();
		assertThat(createStore().read(counter)).hasValue(20);
		assertThat(this.store.compareAndSet(counter, OptionalLong.of(20), Long.MAX_VALUE - 1)).isTrue();
		assertThat(this.store.read(counter)).hasValue(Long.MAX_VALUE - 1);
	}

	@Test
	void compareAndSetFromManyInstancesAtOnceLetsOneWinPerValue() throws Exception {
		String counter = uniqueName("race");
		this.store.compareAndSet(counter, OptionalLong.empty(), 0);
		int rounds = 20;
		int instances = 6;
		List<Callable<Integer>> tasks = new ArrayList<>();
		for (int i = 0; i < instances; i++) {
			StripeStore racer = createStore();
			tasks.add(() -> {
				int wins = 0;
				for (int round = 0; round < rounds; round++) {
					long seen = racer.read(counter).getAsLong();
					if (racer.compareAndSet(counter, OptionalLong.of(seen), seen + 1)) {
						wins++;
					}
				}
				return wins;
			});
		}
		int wins = runTogether(tasks).stream().mapToInt(Integer::intValue).sum();
		assertThat(this.store.read(counter)).hasValue(wins);
		assertThat(wins).isPositive();
	}

	@Test
	void createFromManyInstancesAtOnceLetsExactlyOneWin() throws Exception {
		String counter = uniqueName("create-race");
		List<Callable<Boolean>> tasks = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			StripeStore racer = createStore();
			long value = i;
			tasks.add(() -> racer.compareAndSet(counter, OptionalLong.empty(), value));
		}
		List<Boolean> results = runTogether(tasks);
		assertThat(results.stream().filter(Boolean::booleanValue)).hasSize(1);
		assertThat(this.store.read(counter).getAsLong()).isEqualTo(results.indexOf(true));
	}

	@Test
	void readOfSeveralCountersReturnsEachInTheOrderAsked() {
		String first = uniqueName("each-first");
		String missing = uniqueName("each-missing");
		String second = uniqueName("each-second") + "@20261126";
		this.store.compareAndSet(first, OptionalLong.empty(), 5);
		this.store.compareAndSet(second, OptionalLong.empty(), 7_000_000_000L);
		assertThat(createStore().read(List.of(second, missing, first))).containsExactly(OptionalLong.of(7_000_000_000L),
				OptionalLong.empty(), OptionalLong.of(5));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.read(List.of(first, "line\nbreak")));
	}

	@Test
	void compareAndSetThenReadReadsWhatTheSetLeftOnlyWhenItSets() {
		String counter = uniqueName("set-read");
		String other = uniqueName("set-read-other");
		String missing = uniqueName("set-read-missing");
		this.store.compareAndSet(other, OptionalLong.empty(), 9);
		assertThat(
				this.store.compareAndSetThenRead(counter, OptionalLong.empty(), 10, List.of(counter, missing, other)))
			.as("created, then read")
			.hasValue(List.of(OptionalLong.of(10), OptionalLong.empty(), OptionalLong.of(9)));
		assertThat(createStore().compareAndSetThenRead(counter, OptionalLong.of(5), 20, List.of(counter)))
			.as("not set from a value it does not hold")
			.isEmpty();
		assertThat(this.store.compareAndSetThenRead(counter, OptionalLong.of(10), 20, List.of(counter, other)))
			.hasValue(List.of(OptionalLong.of(20), OptionalLong.of(9)));
		assertThat(this.store.read(counter)).hasValue(20);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.store.compareAndSetThenRead(counter, OptionalLong.of(20), 30, List.of("")));
	}

	@Test
	void readAllContainsEveryCounter() {
		String first = uniqueName("all-first");
		String second = uniqueName("all-second") + "@20261126";
		this.store.compareAndSet(first, OptionalLong.empty(), 5);
		this.store.compareAndSet(second, OptionalLong.empty(), 7_000_000_000L);
		assertThat(createStore().readAll()).containsEntry(first, 5L).containsEntry(second, 7_000_000_000L);
	}

	@Test
	void countersWithUnusualNamesAreKeptApart() {
		String suffix = uniqueName("");
		List<String> names = List.of("Order" + suffix, "order" + suffix, "it's \"quoted\"" + suffix, "%_*" + suffix,
				"订单" + suffix, "@stripes" + suffix);
		long value = 1;
		for (String name : names) {
			assertThat(this.store.compareAndSet(name, OptionalLong.empty(), value++)).as(name).isTrue();
		}
		value = 1;
		for (String name : names) {
			assertThat(this.store.read(name)).as(name).hasValue(value++);
		}
	}

	@Test
	void invalidNamesAreRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.read(""));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.read("line\nbreak"));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.store.compareAndSet("x".repeat(129), OptionalLong.empty(), 1));
	}

	@Test
	void checkAvailableWhenBackendIsUp() {
		assertThatNoException().isThrownBy(this.store::checkAvailable);
	}

}
