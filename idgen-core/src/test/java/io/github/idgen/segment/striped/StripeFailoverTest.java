package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.idgen.segment.striped.StripeDatabases.member;
import static io.github.idgen.segment.striped.StripeDatabases.stateOf;
import static io.github.idgen.test.Concurrently.runTogether;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * How a {@link StripedSegmentStore} passes from a store that cannot serve to the others,
 * over counter tables on PostgreSQL, MariaDB and H2: a store that hangs, and a store
 * whose stripe has no IDs left.
 */
class StripeFailoverTest {

	private static final long HANG_MILLIS = 400;

	private final StripeDatabases databases = new StripeDatabases();

	private final String sequence = uniqueName("failover");

	@AfterEach
	void close() {
		this.databases.close();
	}

	/**
	 * A is cut and B hangs (each call times out after 400 ms). Fetches on four threads
	 * fail on both, marking each down again and again, a quarter of that apart. A
	 * background check clears its store's flag before it calls the store, so every fetch
	 * that marks B down during a hung check schedules another: the checks of B fill the
	 * pool, while the Javadoc promises at most one check per store at a time.
	 */
	@Test
	void aHungStoreIsCheckedByOneBackgroundCheckAtATime() throws Exception {
		SwitchableStripeStore a = new SwitchableStripeStore(this.databases.postgres());
		SwitchableStripeStore b = new SwitchableStripeStore(this.databases.mariaDb());
		StripedSegmentStore store = this.databases.open(1, List.of(member("a", a), member("b", b)), List.of());
		a.cut(true);
		b.hang(HANG_MILLIS);
		List<Callable<Integer>> fetches = new ArrayList<>();
		for (int thread = 0; thread < 4; thread++) {
			long offset = thread * HANG_MILLIS / 4;
			fetches.add(() -> {
				// the fetches fail on b one after the other, not all at once
				Thread.sleep(offset);
				int failed = 0;
				long until = System.nanoTime() + 3_000_000_000L;
				while (System.nanoTime() < until) {
					try {
						store.allocate(this.sequence, 10, 1);
					}
					catch (BackendUnavailableException ex) {
						failed++;
					}
				}
				return failed;
			});
		}
		runTogether(fetches);
		assertThat(b.checks()).as("background checks of b").isPositive();
		assertThat(b.mostChecksAtOnce()).as("background checks of b at once").isEqualTo(1);
	}

	/**
	 * A's counter is near the largest ID, B's is low. The fetch that tries A first gets
	 * {@link SequenceExhaustedException} although B has IDs left above the instance's
	 * last one.
	 */
	@Test
	void aStoreWhoseStripeHasNoIdsLeftIsPassedForOneThatHas() {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		StripedSegmentStore store = this.databases.open(1, List.of(member("a", a), member("b", b)), List.of());
		a.compareAndSet(this.sequence, OptionalLong.empty(), SequenceBounds.MAX_ID - 10);
		for (int i = 0; i < 4; i++) {
			Segment segment = store.allocate(this.sequence, 10, 1);
			assertThat(segment.start() % 2).as("served by b").isOne();
		}
		assertThat(stateOf(store, "a").status()).isEqualTo(StripeStatus.UP);
		b.compareAndSet(this.sequence, b.read(this.sequence), SequenceBounds.MAX_ID - 5);
		assertThatExceptionOfType(SequenceExhaustedException.class)
			.isThrownBy(() -> store.allocate(this.sequence, 10, 1))
			.withMessageContaining("'a'")
			.withMessageContaining("'b'");
	}

}
