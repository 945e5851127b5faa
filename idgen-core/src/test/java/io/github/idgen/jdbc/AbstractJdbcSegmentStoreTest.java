package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.segment.AbstractSegmentStoreTest;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.Concurrently;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The {@link AbstractSegmentStoreTest} suite plus the JDBC specifics, for one database.
 */
abstract class AbstractJdbcSegmentStoreTest extends AbstractSegmentStoreTest {

	/**
	 * Return the database under test. The same one on every call.
	 * @return the data source
	 */
	protected abstract DataSource dataSource();

	/**
	 * Return the dialect the store is expected to use.
	 * @return the dialect
	 */
	protected abstract JdbcDialect expectedDialect();

	/**
	 * Return the dialect to pass to the store.
	 * @return the dialect, or {@code null} to let the store detect it
	 */
	protected JdbcDialect dialect() {
		return null;
	}

	/**
	 * Return the column type the tests give {@code sequence_name} in tables of their own:
	 * one that holds and tells apart every name, as idgen's scripts do (256 characters
	 * for the databases that count UTF-16 units).
	 * @return the type
	 */
	protected String sequenceNameType() {
		return "VARCHAR(256)";
	}

	/**
	 * Return the number of statements an allocation of an existing sequence prepares: the
	 * generic dialect's {@code UPDATE} then {@code SELECT}, one statement otherwise.
	 */
	private int statementsPerAllocation() {
		return (expectedDialect() == JdbcDialect.GENERIC) ? 2 : 1;
	}

	/**
	 * Return the name of the counter table of this test class.
	 * @return the table name
	 */
	protected String tableName() {
		return "idgen_segment_test";
	}

	@Override
	protected SegmentStore createStore() {
		return new JdbcSegmentStore(dataSource(), tableName(), dialect());
	}

	@BeforeEach
	void createSchema() {
		new JdbcSegmentSchema(dataSource(), tableName(), dialect()).createIfMissing();
	}

	@Test
	void allocateUsesExpectedDialect() {
		JdbcSegmentStore store = new JdbcSegmentStore(dataSource(), tableName(), dialect());
		store.allocate(uniqueName("dialect"), 1, 1);
		assertThat(store.getDialect()).isEqualTo(expectedDialect());
	}

	@Test
	void allocateKeepsCounterRow() throws SQLException {
		String sequence = uniqueName("row");
		JdbcSegmentStore store = new JdbcSegmentStore(dataSource(), tableName(), dialect());
		store.allocate(sequence, 10, 100);
		store.allocate(sequence, 7, 100);
		try (Connection connection = dataSource().getConnection();
				PreparedStatement statement = connection.prepareStatement(
						"SELECT max_id, step, updated_at FROM " + tableName() + " WHERE sequence_name = ?")) {
			statement.setString(1, sequence);
			try (ResultSet result = statement.executeQuery()) {
				assertThat(result.next()).isTrue();
				assertThat(result.getLong("max_id")).isEqualTo(116);
				assertThat(result.getLong("step")).isEqualTo(7);
				assertThat(result.getTimestamp("updated_at")).isNotNull();
				assertThat(result.next()).isFalse();
			}
		}
	}

	@Test
	void allocateStoresNamesVerbatim() throws SQLException {
		String suffix = uniqueName("");
		List<String> names = List.of("it's \"quoted\"" + suffix, "'; drop table x; --" + suffix, "订单" + suffix,
				("\uD83D\uDE00".repeat(128) + suffix).substring(2 * suffix.length()), "Order" + suffix);
		JdbcSegmentStore store = new JdbcSegmentStore(dataSource(), tableName(), dialect());
		for (String name : names) {
			store.allocate(name, 1, 1);
		}
		try (Connection connection = dataSource().getConnection();
				PreparedStatement statement = connection
					.prepareStatement("SELECT sequence_name FROM " + tableName() + " WHERE sequence_name = ?")) {
			for (String name : names) {
				statement.setString(1, name);
				try (ResultSet result = statement.executeQuery()) {
					assertThat(result.next()).as(name).isTrue();
					assertThat(result.getString(1)).isEqualTo(name);
					assertThat(result.next()).as(name).isFalse();
				}
			}
		}
	}

	@Test
	void allocateOfExistingSequenceUsesExpectedStatements() {
		RecordingDataSource recording = new RecordingDataSource(dataSource(), false);
		JdbcSegmentStore store = new JdbcSegmentStore(recording.dataSource(), tableName(), dialect());
		String sequence = uniqueName("statements");
		store.allocate(sequence, 1, 1);
		recording.clear();
		assertThat(store.allocate(sequence, 1, 1)).isEqualTo(new Segment(2, 3));
		assertThat(recording.statements()).hasSize(statementsPerAllocation());
		assertThat(recording.commits()).isEqualTo((statementsPerAllocation() > 1) ? 1 : 0);
	}

	@Test
	void allocateWhenConnectionsComeWithoutAutoCommitCommitsAndRestoresIt() throws SQLException {
		RecordingDataSource recording = new RecordingDataSource(dataSource(), true);
		JdbcSegmentStore store = new JdbcSegmentStore(recording.dataSource(), tableName(), dialect());
		String sequence = uniqueName("auto-commit-off");
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(11, 21));
		assertThat(recording.autoCommitOnClose()).hasSize(2).containsOnly(false);
		try (Connection connection = dataSource().getConnection();
				PreparedStatement statement = connection
					.prepareStatement("SELECT max_id FROM " + tableName() + " WHERE sequence_name = ?")) {
			statement.setString(1, sequence);
			try (ResultSet result = statement.executeQuery()) {
				assertThat(result.next()).isTrue();
				assertThat(result.getLong(1)).isEqualTo(20);
			}
		}
	}

	@Test
	void allocateWhenConnectionsComeSerializableRunsReadCommittedAndRestoresIsolation() {
		RecordingDataSource recording = new RecordingDataSource(dataSource(), false,
				Connection.TRANSACTION_SERIALIZABLE);
		JdbcSegmentStore store = new JdbcSegmentStore(recording.dataSource(), tableName(), dialect());
		String sequence = uniqueName("serializable");
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(1, 11));
		assertThat(store.allocate(sequence, 10, new SequenceBounds(1, 100, false))).isEqualTo(new Segment(11, 21));
		assertThat(recording.isolationOfStatements()).isNotEmpty().containsOnly(Connection.TRANSACTION_READ_COMMITTED);
		assertThat(recording.isolationOnClose()).hasSize(2).containsOnly(Connection.TRANSACTION_SERIALIZABLE);
	}

	@ParameterizedTest(name = "{0}, bounded: {1}")
	@CsvSource(textBlock = """
			TRANSACTION_REPEATABLE_READ, false
			TRANSACTION_SERIALIZABLE,    false
			TRANSACTION_REPEATABLE_READ, true
			TRANSACTION_SERIALIZABLE,    true
			""")
	void allocateConcurrentlyFromInstancesWhosePoolsRunAStricterIsolationHandsOutDisjointSegments(String isolation,
			boolean bounded) throws Exception {
		String sequence = uniqueName("isolation");
		SequenceBounds bounds = bounded ? new SequenceBounds(1, Long.MAX_VALUE / 2, false)
				: SequenceBounds.startingAt(1);
		int instances = 3;
		int threadsPerInstance = 4;
		int allocationsPerThread = 25;
		try (IsolatedPools pools = new IsolatedPools(dataSource(), isolation)) {
			List<Callable<List<Segment>>> tasks = new ArrayList<>();
			for (int i = 0; i < instances; i++) {
				SegmentStore store = new JdbcSegmentStore(pools.open(), tableName(), dialect());
				for (int j = 0; j < threadsPerInstance; j++) {
					tasks.add(() -> {
						List<Segment> segments = new ArrayList<>();
						for (int k = 0; k < allocationsPerThread; k++) {
							segments.add(store.allocate(sequence, 10, bounds));
						}
						return segments;
					});
				}
			}
			List<Segment> segments = new ArrayList<>(
					Concurrently.runTogether(tasks).stream().flatMap(List::stream).toList());
			segments.sort(Comparator.comparingLong(Segment::start));
			long expectedStart = 1;
			for (Segment segment : segments) {
				assertThat(segment).isEqualTo(new Segment(expectedStart, expectedStart + 10));
				expectedStart = segment.end();
			}
			assertThat(segments).hasSize(instances * threadsPerInstance * allocationsPerThread);
		}
	}

	@Test
	void allocateWhenTableIsMissingThrowsBackendMisconfigured() {
		String table = uniqueTableName();
		SegmentStore store = new JdbcSegmentStore(dataSource(), table, dialect());
		String sequence = uniqueName("missing-table");
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> store.allocate(sequence, 1, 1))
			.withMessageContaining("'" + table + "'")
			.withMessageContaining("'" + sequence + "'")
			.withMessageContaining("does not exist")
			.withCauseInstanceOf(SQLException.class);
	}

	@Test
	void allocateWhenTableHasNotNullColumnWithoutDefaultThrowsBackendMisconfigured() throws SQLException {
		String table = uniqueTableName();
		execute("CREATE TABLE " + table + " (sequence_name " + sequenceNameType()
				+ " NOT NULL PRIMARY KEY, max_id BIGINT NOT NULL, "
				+ "step BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL, tenant VARCHAR(16) NOT NULL)");
		try {
			SegmentStore store = new JdbcSegmentStore(dataSource(), table, dialect());
			String sequence = uniqueName("not-null");
			assertThatExceptionOfType(BackendMisconfiguredException.class)
				.isThrownBy(() -> store.allocate(sequence, 1, 1))
				.withMessageContaining("'" + table + "'")
				.withMessageContaining("NOT NULL column")
				.withCauseInstanceOf(SQLException.class);
		}
		finally {
			drop(table);
		}
	}

	@Test
	void allocateWhenUserMayOnlyReadTheTableThrowsBackendMisconfigured() throws SQLException {
		String sequence = uniqueName("read-only");
		createStore().allocate(sequence, 10, 1);
		try (HikariDataSource readOnly = DatabaseUsers.readOnly(dataSource(), tableName())) {
			SegmentStore store = new JdbcSegmentStore(readOnly, tableName(), dialect());
			assertThatExceptionOfType(BackendMisconfiguredException.class)
				.isThrownBy(() -> store.allocate(sequence, 10, 1))
				.withMessageContaining("'" + tableName() + "'")
				.withMessageContaining("lacks a privilege")
				.withMessageNotContaining(DatabaseUsers.READ_ONLY_USER)
				.withCauseInstanceOf(SQLException.class);
		}
	}

	@Test
	void findShapeProblemsOfTableCreatedBySchemaFindsNone() {
		assertThat(new JdbcSegmentSchema(dataSource(), tableName(), dialect()).findShapeProblems()).isEmpty();
	}

	@Test
	void findShapeProblemsWhenTableIsMissingFindsNone() {
		assertThat(new JdbcSegmentSchema(dataSource(), uniqueTableName(), dialect()).findShapeProblems()).isEmpty();
	}

	@Test
	void findShapeProblemsNamesEveryProblem() throws SQLException {
		String table = uniqueTableName();
		execute("CREATE TABLE " + table + " (sequence_name " + sequenceNameType() + " NOT NULL, max_id INT NOT NULL, "
				+ "step NUMERIC(10, 0) NOT NULL, tenant VARCHAR(16) NOT NULL)");
		try {
			JdbcSegmentSchema schema = new JdbcSegmentSchema(dataSource(), table, dialect());
			schema.createIfMissing();
			assertThat(schema.findShapeProblems()).hasSize(5)
				.anySatisfy((problem) -> assertThat(problem).contains("sequence_name")
					.contains("neither its primary key nor unique")
					.contains("it has no primary key"))
				.anySatisfy((problem) -> assertThat(problem).startsWith("column max_id is ").contains("BIGINT"))
				.anySatisfy((problem) -> assertThat(problem).startsWith("column step is ").contains("(10, 0)"))
				.contains("it has no column updated_at",
						"column tenant is NOT NULL without a default, and idgen does not fill it");
		}
		finally {
			drop(table);
		}
	}

	@Test
	void findShapeProblemsAcceptsUniqueConstraintWideNumericsAndOptionalColumns() throws SQLException {
		String table = uniqueTableName();
		execute("CREATE TABLE " + table + " (sequence_name " + sequenceNameType() + " NOT NULL UNIQUE, "
				+ "max_id NUMERIC(19, 0) NOT NULL, step DECIMAL(20, 0) NOT NULL, updated_at TIMESTAMP NOT NULL, "
				+ "note VARCHAR(16), tenant VARCHAR(16) DEFAULT 'x' NOT NULL)");
		try {
			assertThat(new JdbcSegmentSchema(dataSource(), table, dialect()).findShapeProblems()).isEmpty();
		}
		finally {
			drop(table);
		}
	}

	@Test
	void findShapeProblemsWhenKeyIsPartOfACompositePrimaryKeyNamesIt() throws SQLException {
		String table = uniqueTableName();
		execute("CREATE TABLE " + table + " (tenant VARCHAR(16) NOT NULL, sequence_name " + sequenceNameType()
				+ " NOT NULL, " + "max_id BIGINT NOT NULL, step BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL, "
				+ "PRIMARY KEY (tenant, sequence_name))");
		try {
			assertThat(new JdbcSegmentSchema(dataSource(), table, dialect()).findShapeProblems()).containsExactly(
					"column sequence_name is neither its primary key nor unique on its own (its primary key is "
							+ "(sequence_name, tenant)), so two instances could both create the row of a sequence",
					"column tenant is NOT NULL without a default, and idgen does not fill it");
		}
		finally {
			drop(table);
		}
	}

	@Test
	void findShapeProblemsNamesAKeyTooNarrowForTheLongestName() throws SQLException {
		String table = keyTable(sequenceNameType().replaceFirst("VARCHAR\\(\\d+\\)", "VARCHAR(16)"));
		int required = (expectedDialect() == JdbcDialect.POSTGRESQL || expectedDialect() == JdbcDialect.MYSQL) ? 128
				: 256;
		try {
			assertThat(new JdbcSegmentSchema(dataSource(), table, dialect()).findShapeProblems()).containsExactly(
					"column sequence_name holds at most 16 characters, fewer than the longest sequence name needs, so "
							+ "such a name could be stored cut or not at all (use VARCHAR(" + required + "))");
		}
		finally {
			drop(table);
		}
	}

	@Test
	void findShapeProblemsNamesAKeyThatIsNoText() throws SQLException {
		String table = keyTable("BIGINT");
		try {
			assertThat(new JdbcSegmentSchema(dataSource(), table, dialect()).findShapeProblems()).singleElement()
				.asString()
				.startsWith("column sequence_name is ")
				.contains(", which does not hold sequence names (use VARCHAR(");
		}
		finally {
			drop(table);
		}
	}

	@Test
	void findShapeProblemsFindsTheTableWhateverTheCaseOfItsName() throws SQLException {
		String table = uniqueTableName();
		execute("CREATE TABLE " + table + " (sequence_name " + sequenceNameType()
				+ " NOT NULL PRIMARY KEY, max_id INT NOT NULL, "
				+ "step BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL)");
		try (Connection connection = dataSource().getConnection()) {
			DatabaseMetaData metaData = connection.getMetaData();
			boolean folds = metaData.storesUpperCaseIdentifiers() || metaData.storesLowerCaseIdentifiers();
			String name = folds ? table.toUpperCase(Locale.ROOT) : table;
			assertThat(new JdbcSegmentSchema(dataSource(), name, dialect()).findShapeProblems()).singleElement()
				.asString()
				.startsWith("column max_id is ");
		}
		finally {
			drop(table);
		}
	}

	@Test
	void findShapeProblemsChecksTheTableOfTheSchemaItsNameIsQualifiedWith() throws SQLException {
		String schemaName = uniqueTableName();
		String table = uniqueTableName();
		execute("CREATE SCHEMA " + schemaName);
		execute("CREATE TABLE " + schemaName + "." + table + " (sequence_name " + sequenceNameType()
				+ " NOT NULL PRIMARY KEY, "
				+ "max_id INT NOT NULL, step BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL)");
		new JdbcSegmentSchema(dataSource(), table, dialect()).createIfMissing();
		try {
			assertThat(new JdbcSegmentSchema(dataSource(), schemaName + "." + table, dialect()).findShapeProblems())
				.singleElement()
				.asString()
				.startsWith("column max_id is ");
			assertThat(new JdbcSegmentSchema(dataSource(), table, dialect()).findShapeProblems()).isEmpty();
		}
		finally {
			drop(schemaName + "." + table);
			drop(table);
			execute("DROP SCHEMA " + schemaName + ((expectedDialect() != JdbcDialect.MYSQL) ? " RESTRICT" : ""));
		}
	}

	@Test
	void scriptIsTheDialectsScriptForTheTable() {
		assertThat(new JdbcSegmentSchema(dataSource(), "ids.my_counters", dialect()).script())
			.startsWith("CREATE TABLE")
			.contains("ids.my_counters (", "sequence_name", "max_id BIGINT NOT NULL", "step BIGINT NOT NULL",
					"updated_at")
			.doesNotContain("${table}");
	}

	@Test
	void createIfMissingIsIdempotent() throws SQLException {
		String table = uniqueTableName();
		try {
			JdbcSegmentSchema schema = new JdbcSegmentSchema(dataSource(), table, dialect());
			schema.createIfMissing();
			schema.createIfMissing();
			SegmentStore store = new JdbcSegmentStore(dataSource(), table, dialect());
			assertThat(store.allocate("idempotent", 10, 1)).isEqualTo(new Segment(1, 11));
			schema.createIfMissing();
			assertThat(store.allocate("idempotent", 10, 1)).isEqualTo(new Segment(11, 21));
		}
		finally {
			drop(table);
		}
	}

	@Test
	void createIfMissingConcurrently() throws Exception {
		for (int round = 0; round < 3; round++) {
			String table = uniqueTableName();
			try {
				runTogether(4, () -> new JdbcSegmentSchema(dataSource(), table, dialect()).createIfMissing());
				SegmentStore store = new JdbcSegmentStore(dataSource(), table, dialect());
				assertThat(store.allocate("concurrent-schema", 10, 1)).isEqualTo(new Segment(1, 11));
			}
			finally {
				drop(table);
			}
		}
	}

	/**
	 * Create a counter table whose {@code sequence_name} has the given type.
	 * @param keyType the type of {@code sequence_name}
	 * @return the name of the table
	 * @throws SQLException if it could not be created
	 */
	protected String keyTable(String keyType) throws SQLException {
		String table = uniqueTableName();
		execute("CREATE TABLE " + table + " (sequence_name " + keyType + " NOT NULL PRIMARY KEY, "
				+ "max_id BIGINT NOT NULL, step BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL)");
		return table;
	}

	protected static String uniqueTableName() {
		return "idgen_schema_" + Long.toHexString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE));
	}

	protected void drop(String table) throws SQLException {
		execute("DROP TABLE " + table);
	}

	protected void execute(String sql) throws SQLException {
		try (Connection connection = dataSource().getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	private static void runTogether(int threads, Runnable task) throws Exception {
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<?>> futures = new ArrayList<>();
			for (int i = 0; i < threads; i++) {
				futures.add(executor.submit(() -> {
					go.await();
					task.run();
					return null;
				}));
			}
			go.countDown();
			for (Future<?> future : futures) {
				future.get(60, TimeUnit.SECONDS);
			}
		}
		finally {
			executor.shutdownNow();
		}
	}

}
