package io.github.idgen.segment.striped;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.test.TestBackends;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.idgen.segment.striped.StripeDatabases.addOnce;
import static io.github.idgen.segment.striped.StripeDatabases.member;
import static io.github.idgen.segment.striped.StripeDatabases.stateOf;
import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What {@link StripedSegmentStore#establish()} does when it cannot tell what the stores
 * record, over counter tables on PostgreSQL, MariaDB and H2: no store answers, tables are
 * missing, or the configured generation is far above the recorded one.
 */
class StripedStartupTest {

	private final StripeDatabases databases = new StripeDatabases();

	@AfterEach
	void close() {
		this.databases.close();
	}

	/**
	 * Every store fails at first setup: the instance cannot tell that the layout is to be
	 * set up, and starts with no layout; once the stores answer, each records generation
	 * 0, older than the configured one, and is refused until a restart.
	 */
	@Test
	void noStoreAnsweringAtFirstSetupRefusesTheStart() {
		SwitchableStripeStore a = new SwitchableStripeStore(this.databases.postgres());
		SwitchableStripeStore b = new SwitchableStripeStore(this.databases.mariaDb());
		a.cut(true);
		b.cut(true);
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> this.databases.open(1, List.of(member("a", a), member("b", b)), List.of()))
			.withMessageContaining("No store")
			.withMessageContaining("cut by the test");
		a.cut(false);
		b.cut(false);
		StripedSegmentStore started = this.databases.open(1, List.of(member("a", a), member("b", b)), List.of());
		assertThat(started.stripes()).extracting(StripeState::status).containsOnly(StripeStatus.UP);
	}

	/**
	 * The same after the generation was raised to re-stripe: the instance would start
	 * without re-striping, and refuse every store once they answer.
	 */
	@Test
	void noStoreAnsweringAfterAGenerationRaiseRefusesTheStart() {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		JdbcSegmentStore c = this.databases.h2();
		this.databases.open(1, List.of(member("a", a), member("b", b)), List.of());
		SwitchableStripeStore toA = new SwitchableStripeStore(a);
		SwitchableStripeStore toB = new SwitchableStripeStore(b);
		SwitchableStripeStore toC = new SwitchableStripeStore(c);
		List.of(toA, toB, toC).forEach((store) -> store.cut(true));
		List<StripeMember> stores = List.of(member("a", toA), member("b", toB), member("c", toC));
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> this.databases.open(2, stores, List.of()))
			.withMessageContaining("No store");
		List.of(toA, toB, toC).forEach((store) -> store.cut(false));
		StripedSegmentStore restriped = this.databases.open(2, stores, List.of());
		assertThat(restriped.stripes()).extracting(StripeState::layout)
			.containsExactly(new StripeLayout(2, 3, 0), new StripeLayout(2, 3, 1), new StripeLayout(2, 3, 2));
	}

	/**
	 * The tables do not exist (their creation left to a migration that did not run): the
	 * start must name the table, not report stores that do not answer.
	 */
	@Test
	void missingTablesRefuseTheStartNamingTheTable() {
		String table = "idgen_missing_" + uniqueName("t").replaceAll("[^A-Za-z0-9]", "_");
		JdbcSegmentStore a = new JdbcSegmentStore(TestBackends.postgres(), table);
		JdbcSegmentStore b = new JdbcSegmentStore(TestBackends.mariaDb(), table);
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> this.databases.open(1, List.of(member("a", a), member("b", b)), List.of()))
			.withMessageContaining("table '" + table + "'")
			.withMessageContaining("does not exist");
	}

	/**
	 * A generation typo such as 1000000 for 2. The re-striping it starts stops half-way
	 * (a store fails after the first was closed), and the next attempt looks for the
	 * layout of every generation from 999999 down to the one recorded, two reads each: a
	 * start that hangs for hours.
	 */
	@Test
	void aGenerationFarAboveTheRecordedOneIsRefusedBeforeAnyStoreIsClosed() {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		this.databases.open(1, List.of(member("a", a), member("b", b)), List.of()).allocate(uniqueName("typo"), 10, 1);
		SwitchableStripeStore toA = new SwitchableStripeStore(a);
		SwitchableStripeStore toB = new SwitchableStripeStore(b);
		toA.afterState(2 * 1_000_000 - 1, () -> toB.cut(true));
		List<StripeMember> stores = List.of(member("a", toA), member("b", toB));
		assertThatExceptionOfType(RuntimeException.class)
			.isThrownBy(() -> this.databases.open(1_000_000, stores, List.of()));
		toB.cut(false);
		toA.limitReads(toA.reads() + 1000);
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> this.databases.open(1_000_000, stores, List.of()))
			.withMessageContaining("generation 1000000")
			.withMessageContaining("generation 1,");
		assertThat(a.read(StripeRecords.PREFIX)).as("state of a").hasValue(2);
		StripedSegmentStore kept = this.databases.open(1, List.of(member("a", a), member("b", b)), List.of());
		assertThat(stateOf(kept, "a").status()).isEqualTo(StripeStatus.UP);
	}

	/**
	 * Generation 1 is [A, B], and an instance of it draws all along. An instance raised
	 * to generation 2 [A, B, C] starts while A and B are down and only C, the added
	 * store, answers: C records nothing, so the instance must neither re-stripe nor
	 * serve, and must not advise setting the layout up as generation 1, which A and B
	 * hold already; once A and B answer it re-stripes, and no ID is handed out twice.
	 */
	@Test
	void aGenerationRaiseWhileOnlyTheAddedStoreAnswersIsRefusedUntilTheOldStoresAnswer() {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		JdbcSegmentStore c = this.databases.h2();
		String sequence = uniqueName("added");
		StripedSegmentStore old = this.databases.open(1, List.of(member("a", a), member("b", b)), List.of());
		Set<Long> union = new HashSet<>();
		addOnce(union, old.allocate(sequence, 10, 1));
		addOnce(union, old.allocate(sequence, 10, 1));
		SwitchableStripeStore toA = new SwitchableStripeStore(a);
		SwitchableStripeStore toB = new SwitchableStripeStore(b);
		toA.cut(true);
		toB.cut(true);
		List<StripeMember> stores = List.of(member("a", toA), member("b", toB), member("c", c));
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> this.databases.open(2, stores, List.of()))
			.withMessageContaining("'a'")
			.withMessageContaining("'b'")
			.withMessageNotContaining("Configure generation 1");
		assertThat(c.read(StripeRecords.PREFIX)).as("state of c").isEmpty();
		addOnce(union, old.allocate(sequence, 10, 1));
		toA.cut(false);
		toB.cut(false);
		StripedSegmentStore raised = this.databases.open(2, stores, List.of());
		for (int i = 0; i < 6; i++) {
			addOnce(union, raised.allocate(sequence, 10, 1));
			addOnce(union, old.allocate(sequence, 10, 1));
		}
	}

}
