package io.github.idgen.segment.striped;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

import javax.sql.DataSource;

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

/**
 * A store whose address leads to another database while instances run (a DNS name pointed
 * at another server), over counter tables on PostgreSQL and MariaDB: the instances must
 * notice by the store's identity, and never serve the store's stripe from the other
 * database's counters.
 */
class StripeIdentityTest {

	private static final long STEP = 10;

	private final StripeDatabases databases = new StripeDatabases();

	private final String sequence = uniqueName("identity");

	@AfterEach
	void close() {
		this.databases.close();
	}

	/**
	 * B is down, and its name is pointed at A. B's background check finds a store that
	 * answers with the state B had, and marks B up with B's layout: IDs = 1 (mod 2) are
	 * reserved on A's counter. Then the name is pointed back, and a new instance draws
	 * from B, whose counter never moved: the same IDs again.
	 */
	@Test
	void aStoreDownWhoseNameLeadsToAnotherDatabaseIsNotCheckedBackIntoService() throws Exception {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		SwitchableStripeStore toB = new SwitchableStripeStore(b);
		StripedSegmentStore instance = this.databases.open(1, List.of(member("a", a), member("b", toB)), List.of());
		Set<Long> union = new HashSet<>();
		draw(instance, union, 2);
		toB.cut(true);
		draw(instance, union, 2);
		assertThat(stateOf(instance, "b").status()).isEqualTo(StripeStatus.DOWN);
		toB.pointAt(a);
		int checks = toB.checks();
		toB.cut(false);
		awaitChecks(toB, checks + 2);
		draw(instance, union, 6);
		StripeStatus whileElsewhere = stateOf(instance, "b").status();
		toB.pointAt(b);
		SwitchableStripeStore freshA = new SwitchableStripeStore(a);
		StripedSegmentStore fresh = this.databases.open(1, List.of(member("a", freshA), member("b", b)), List.of());
		// drawing from b alone, from its own counter
		freshA.cut(true);
		draw(fresh, union, 6);
		assertThat(whileElsewhere).as("b, answered by a's database").isNotEqualTo(StripeStatus.UP);
	}

	/**
	 * B is up, and its name is pointed at A while the instance runs (a pooled connection
	 * opened after the change reaches A). Every reservation reads the store's state after
	 * setting its counter, and A's state equals B's: the instance keeps serving IDs = 1
	 * (mod 2) from A's counter. A new instance drawing from B once the name is pointed
	 * back hands them out again.
	 */
	@Test
	void aStoreUpWhoseNameLeadsToAnotherDatabaseServesNoIdOfItsStripeFromThere() {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		SwitchableStripeStore toB = new SwitchableStripeStore(b);
		StripedSegmentStore instance = this.databases.open(1, List.of(member("a", a), member("b", toB)), List.of());
		Set<Long> union = new HashSet<>();
		draw(instance, union, 2);
		toB.pointAt(a);
		draw(instance, union, 6);
		StripeStatus whileElsewhere = stateOf(instance, "b").status();
		toB.pointAt(b);
		SwitchableStripeStore freshA = new SwitchableStripeStore(a);
		StripedSegmentStore fresh = this.databases.open(1, List.of(member("a", freshA), member("b", b)), List.of());
		// drawing from b alone, from its own counter
		freshA.cut(true);
		draw(fresh, union, 6);
		assertThat(whileElsewhere).as("b, answered by a's database").isNotEqualTo(StripeStatus.UP);
	}

	/**
	 * A's pool holds connections to two databases: A, and D, a database set up as a store
	 * of the same layout on its own (a staging copy of A's table with an identity of its
	 * own), which A's name led to while the pool opened some of its connections. D's
	 * counters equal A's. A reservation that read A's counter, set D's and then read A's
	 * state and identity over another connection kept a segment that A never reserved; an
	 * instance drawing from A alone handed it out again (on the code before: ID 2 twice).
	 */
	@Test
	void aPoolWhoseConnectionsReachTwoDatabasesServesNoIdOfTheOtherDatabase() {
		DataSource postgres = TestBackends.postgres();
		DataSource mariaDb = TestBackends.mariaDb();
		JdbcSegmentStore a = this.databases.postgres();
		String table = this.databases.lastTable();
		JdbcSegmentStore b = this.databases.mariaDb();
		SwitchableStripeStore bOfHonest = new SwitchableStripeStore(b);
		StripedSegmentStore honest = this.databases.open(1, List.of(member("a", a), member("b", bOfHonest)), List.of());
		JdbcSegmentStore d = this.databases.store(mariaDb, table);
		a.readAll()
			.forEach((counter, value) -> d.compareAndSet(counter, OptionalLong.empty(),
					counter.equals(StripeRecords.STORE_ID) ? value ^ 1 : value));
		AlternatingDataSource pool = new AlternatingDataSource(postgres, mariaDb);
		SwitchableStripeStore bOfMixed = new SwitchableStripeStore(b);
		StripedSegmentStore mixed = this.databases.open(1,
				List.of(member("a", new JdbcSegmentStore(pool, table)), member("b", bOfMixed)), List.of());
		bOfHonest.cut(true);
		bOfMixed.cut(true);
		pool.alternate();
		Set<Long> union = new HashSet<>();
		for (int i = 0; i < 10; i++) {
			draw(mixed, union, 1);
			draw(honest, union, 1);
		}
		assertThat(union).as("IDs drawn from A by the instance of the honest pool").isNotEmpty();
	}

	/**
	 * Deployment X is [A, B] and deployment Y is [C, D], both generation 1. An instance
	 * lists [A, D], D by mistake where B was meant: D records stripe 1 of 2 in generation
	 * 1, the shape the instance expects, so counting stripes finds nothing wrong, and the
	 * instance would hand out IDs = 1 (mod 2) from D's counter while X's instances hand
	 * them out from B's. The stores of a generation record the list of stores it was set
	 * up with, by identity; D's is not A's.
	 */
	@Test
	void aStoreOfAnotherLayoutWithTheSameShapeIsRefusedAtStartup() {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		JdbcSegmentStore c = this.databases.h2();
		JdbcSegmentStore d = this.databases.h2();
		StripedSegmentStore x = this.databases.open(1, List.of(member("a", a), member("b", b)), List.of());
		StripedSegmentStore y = this.databases.open(1, List.of(member("c", c), member("d", d)), List.of());
		Set<Long> xIds = new HashSet<>();
		Set<Long> yIds = new HashSet<>();
		draw(x, xIds, 2);
		draw(y, yIds, 2);
		SwitchableStripeStore toA = new SwitchableStripeStore(a);
		StripedSegmentStore mixed;
		try {
			mixed = this.databases.open(1, List.of(member("a", toA), member("d", d)), List.of());
		}
		catch (StripeMismatchException ex) {
			assertThat(ex).hasMessageContaining("'d'").hasMessageContaining("'a'");
			return;
		}
		// the mixed instance draws from D alone
		toA.cut(true);
		for (int i = 0; i < 4; i++) {
			draw(x, xIds, 1);
			draw(mixed, xIds, 1);
		}
	}

	/**
	 * The same instance, started while D does not answer: D is refused once it answers,
	 * as soon as A has told which stores generation 1 was set up with.
	 */
	@Test
	void aStoreOfAnotherLayoutWithTheSameShapeIsRefusedWhenItAnswersAfterStartup() throws Exception {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		JdbcSegmentStore c = this.databases.h2();
		JdbcSegmentStore d = this.databases.h2();
		StripedSegmentStore x = this.databases.open(1, List.of(member("a", a), member("b", b)), List.of());
		this.databases.open(1, List.of(member("c", c), member("d", d)), List.of());
		Set<Long> xIds = new HashSet<>();
		draw(x, xIds, 2);
		SwitchableStripeStore toA = new SwitchableStripeStore(a);
		SwitchableStripeStore toD = new SwitchableStripeStore(d);
		toD.cut(true);
		StripedSegmentStore mixed = this.databases.open(1, List.of(member("a", toA), member("d", toD)), List.of());
		toD.cut(false);
		toA.cut(true);
		for (int i = 0; i < 4; i++) {
			draw(x, xIds, 1);
			draw(mixed, xIds, 1);
		}
		assertThat(stateOf(mixed, "d").status()).isEqualTo(StripeStatus.MISMATCHED);
		assertThat(stateOf(mixed, "d").problem()).contains("'a'");
	}

	/**
	 * Deployment X is [A, B] and deployment Y is [C, D]. An instance of X starts while B
	 * does not answer, and B's name is pointed at D by mistake: once it answers, D
	 * records another list of stores for generation 1 than A, so B is mismatched. Then
	 * the name leads back to B. On the code before, B stayed mismatched for good (the
	 * instance served from A alone until restarted); it must be checked again in the
	 * background and serve IDs = 1 (mod 2) again from B's own counter, and never while
	 * its name led to D.
	 */
	@Test
	void aStoreMismatchedWhileItsNameLedToAnotherStoreServesAgainOnceItLeadsBack() throws Exception {
		JdbcSegmentStore a = this.databases.postgres();
		JdbcSegmentStore b = this.databases.mariaDb();
		JdbcSegmentStore c = this.databases.h2();
		JdbcSegmentStore d = this.databases.h2();
		StripedSegmentStore x = this.databases.open(1, List.of(member("a", a), member("b", b)), List.of());
		StripedSegmentStore y = this.databases.open(1, List.of(member("c", c), member("d", d)), List.of());
		Set<Long> xIds = new HashSet<>();
		Set<Long> yIds = new HashSet<>();
		draw(x, xIds, 2);
		draw(y, yIds, 2);
		SwitchableStripeStore toA = new SwitchableStripeStore(a);
		SwitchableStripeStore toB = new SwitchableStripeStore(b);
		toB.cut(true);
		StripedSegmentStore instance = this.databases.open(1, List.of(member("a", toA), member("b", toB)), List.of());
		toB.pointAt(d);
		toB.cut(false);
		// b answers again, as d: the background check of the store that was down finds it
		// mismatched, while the instance draws
		long found = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		do {
			draw(x, xIds, 1);
			draw(instance, xIds, 1);
			draw(y, yIds, 1);
		}
		while (stateOf(instance, "b").status() != StripeStatus.MISMATCHED && System.nanoTime() < found);
		assertThat(stateOf(instance, "b").status()).isEqualTo(StripeStatus.MISMATCHED);
		long segmentsWhileElsewhere = stateOf(instance, "b").segments();
		toB.pointAt(b);
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		while (stateOf(instance, "b").status() != StripeStatus.UP && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		assertThat(stateOf(instance, "b").status()).as("b, its name leading to it again").isEqualTo(StripeStatus.UP);
		// drawing from b alone, from its own counter
		toA.cut(true);
		for (int i = 0; i < 4; i++) {
			draw(x, xIds, 1);
			addOnce(xIds, instance.allocate(this.sequence, STEP, 1));
		}
		assertThat(segmentsWhileElsewhere).as("segments b served while its name led to d").isZero();
	}

	private void draw(StripedSegmentStore instance, Set<Long> union, int segments) {
		for (int i = 0; i < segments; i++) {
			try {
				addOnce(union, instance.allocate(this.sequence, STEP, 1));
			}
			catch (BackendUnavailableException | BackendMisconfiguredException ex) {
				// no store answers, or none as itself
			}
		}
	}

	private static void awaitChecks(SwitchableStripeStore store, int checks) throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (store.checks() < checks) {
			assertThat(System.nanoTime() - deadline).as("background checks of the store").isNegative();
			Thread.sleep(10);
		}
	}

}
