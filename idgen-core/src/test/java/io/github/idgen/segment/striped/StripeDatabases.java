package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.Segment;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real stores for the tests of striped stores: counter tables of fresh names on
 * PostgreSQL, MariaDB and an in-memory H2 database, and the striped stores opened over
 * them, all dropped or closed by {@link #close()}.
 */
final class StripeDatabases implements AutoCloseable {

	private static final DataSource H2 = TestBackends.h2();

	private final List<Table> tables = new ArrayList<>();

	private final List<StripedSegmentStore> opened = new ArrayList<>();

	/**
	 * Return a store on a fresh table of PostgreSQL.
	 */
	JdbcSegmentStore postgres() {
		return store(TestBackends.postgres());
	}

	/**
	 * Return a store on a fresh table of MariaDB.
	 */
	JdbcSegmentStore mariaDb() {
		return store(TestBackends.mariaDb());
	}

	/**
	 * Return a store on a fresh table of the H2 database.
	 */
	JdbcSegmentStore h2() {
		return store(H2);
	}

	private JdbcSegmentStore store(DataSource dataSource) {
		return store(dataSource, StripedTables.create(dataSource));
	}

	/**
	 * Return a store on a counter table of the given name, created if it is missing.
	 */
	JdbcSegmentStore store(DataSource dataSource, String table) {
		new JdbcSegmentSchema(dataSource, table).createIfMissing();
		this.tables.add(new Table(dataSource, table));
		return new JdbcSegmentStore(dataSource, table);
	}

	/**
	 * Return the name of the table of the last store created.
	 */
	String lastTable() {
		return this.tables.get(this.tables.size() - 1).name();
	}

	/**
	 * Create a striped store, closed by {@link #close()}, and establish it.
	 */
	StripedSegmentStore open(int generation, List<StripeMember> stores, List<StripeMember> retired) {
		StripedSegmentStore store = new StripedSegmentStore(stores, retired, generation);
		this.opened.add(store);
		store.establish();
		return store;
	}

	static StripeMember member(String name, StripeStore store) {
		return new StripeMember(name, store);
	}

	static StripeState stateOf(StripedSegmentStore store, String name) {
		return store.stripes().stream().filter((state) -> state.name().equals(name)).findFirst().orElseThrow();
	}

	/**
	 * Add the IDs of a segment to the union of every ID handed out, asserting that each
	 * is new.
	 */
	static void addOnce(Set<Long> union, Segment segment) {
		for (long id = segment.start(); id < segment.end(); id += segment.stride()) {
			assertThat(union.add(id)).as("ID %d handed out once", id).isTrue();
		}
	}

	@Override
	public void close() {
		this.opened.forEach(StripedSegmentStore::close);
		this.tables.forEach((table) -> StripedTables.drop(table.dataSource(), table.name()));
	}

	private record Table(DataSource dataSource, String name) {

	}

}
