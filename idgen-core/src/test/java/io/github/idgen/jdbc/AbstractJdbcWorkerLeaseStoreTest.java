package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.test.Concurrently;
import io.github.idgen.worker.AbstractWorkerLeaseStoreTest;
import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The {@link AbstractWorkerLeaseStoreTest} suite plus the JDBC specifics, for one
 * database. Every test gets a worker table of its own, dropped afterwards.
 */
abstract class AbstractJdbcWorkerLeaseStoreTest extends AbstractWorkerLeaseStoreTest {

	private String tableName;

	/**
	 * Return the database under test. The same one on every call.
	 * @return the data source
	 */
	protected abstract DataSource dataSource();

	@Override
	protected void startNamespace() {
		this.tableName = "idgen_worker_" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1);
		new JdbcWorkerSchema(dataSource(), this.tableName).createIfMissing();
	}

	@Override
	protected WorkerLeaseStore createStore() {
		return new JdbcWorkerLeaseStore(dataSource(), this.tableName);
	}

	@AfterEach
	void dropTable() throws SQLException {
		execute("DROP TABLE " + this.tableName);
	}

	private void execute(String sql) throws SQLException {
		try (Connection connection = dataSource().getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	@Test
	void createIfMissingWhenTableExistsKeepsLeases() {
		createStore().acquire("a", 0, Duration.ofMinutes(1));
		new JdbcWorkerSchema(dataSource(), this.tableName).createIfMissing();
		assertThat(createStore().countLive()).isEqualTo(1);
	}

	@ParameterizedTest
	@ValueSource(strings = { "TRANSACTION_REPEATABLE_READ", "TRANSACTION_SERIALIZABLE" })
	void acquireConcurrentlyFromInstancesWhosePoolsRunAStricterIsolationTakesEachExpiredLeaseOverOnce(String isolation)
			throws Exception {
		int leases = 6;
		WorkerLeaseStore store = createStore();
		for (int i = 0; i < leases; i++) {
			assertThat(store.acquire("old-" + i, leases - 1, shortTtl())).isPresent();
		}
		Thread.sleep(shortTtl().plus(expiryMargin()).toMillis());
		try (IsolatedPools pools = new IsolatedPools(dataSource(), isolation)) {
			List<WorkerLeaseStore> stores = List.of(new JdbcWorkerLeaseStore(pools.open(), this.tableName),
					new JdbcWorkerLeaseStore(pools.open(), this.tableName),
					new JdbcWorkerLeaseStore(pools.open(), this.tableName));
			List<Callable<Optional<WorkerLease>>> acquisitions = new ArrayList<>();
			for (int i = 0; i < leases; i++) {
				WorkerLeaseStore instance = stores.get(i % stores.size());
				String owner = "new-" + i;
				acquisitions.add(() -> instance.acquire(owner, leases - 1, Duration.ofMinutes(1)));
			}
			assertThat(Concurrently.runTogether(acquisitions)).allSatisfy((lease) -> assertThat(lease).isPresent())
				.extracting((lease) -> lease.get().workerId())
				.containsExactlyInAnyOrderElementsOf(IntStream.range(0, leases).boxed().toList());
		}
	}

	@Test
	void everyOperationWhenConnectionsComeSerializableRunsReadCommittedAndRestoresIsolation() {
		RecordingDataSource recording = new RecordingDataSource(dataSource(), false,
				Connection.TRANSACTION_SERIALIZABLE);
		WorkerLeaseStore store = new JdbcWorkerLeaseStore(recording.dataSource(), this.tableName);
		WorkerLease lease = store.acquire("a", 3, Duration.ofMinutes(1)).orElseThrow();
		assertThat(store.renew(lease, Duration.ofMinutes(1), 0)).isTrue();
		assertThat(store.countLive()).isOne();
		store.release(lease, 0);
		assertThat(recording.isolationOfStatements()).isNotEmpty().containsOnly(Connection.TRANSACTION_READ_COMMITTED);
		assertThat(recording.isolationOnClose()).hasSize(4).containsOnly(Connection.TRANSACTION_SERIALIZABLE);
	}

	@Test
	void acquireWhenTableIsMissingThrowsBackendMisconfigured() {
		WorkerLeaseStore store = new JdbcWorkerLeaseStore(dataSource(), this.tableName + "_missing");
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.acquire("a", 0, Duration.ofMinutes(1)))
			.withMessageContaining("'" + this.tableName + "_missing'")
			.withMessageContaining("does not exist")
			.withCauseInstanceOf(SQLException.class);
	}

	@Test
	void acquireWhenTableHasNotNullColumnWithoutDefaultThrowsBackendMisconfigured() throws SQLException {
		String table = this.tableName + "_not_null";
		execute("CREATE TABLE " + table + " (worker_id INT NOT NULL PRIMARY KEY, owner VARCHAR(128) NOT NULL, "
				+ "expires_at TIMESTAMP NOT NULL, last_timestamp BIGINT NOT NULL, pod VARCHAR(16) NOT NULL)");
		try {
			WorkerLeaseStore store = new JdbcWorkerLeaseStore(dataSource(), table);
			assertThatExceptionOfType(BackendMisconfiguredException.class)
				.isThrownBy(() -> store.acquire("a", 3, Duration.ofMinutes(1)))
				.withMessageContaining("'" + table + "'")
				.withMessageContaining("NOT NULL column")
				.withCauseInstanceOf(SQLException.class);
		}
		finally {
			execute("DROP TABLE " + table);
		}
	}

	@Test
	void acquireWhenUserMayOnlyReadTheTableThrowsBackendMisconfigured() throws SQLException {
		try (HikariDataSource readOnly = DatabaseUsers.readOnly(dataSource(), this.tableName)) {
			WorkerLeaseStore store = new JdbcWorkerLeaseStore(readOnly, this.tableName);
			assertThatExceptionOfType(BackendMisconfiguredException.class)
				.isThrownBy(() -> store.acquire("a", 3, Duration.ofMinutes(1)))
				.withMessageContaining("'" + this.tableName + "'")
				.withMessageContaining("lacks a privilege")
				.withMessageNotContaining(DatabaseUsers.READ_ONLY_USER)
				.withCauseInstanceOf(SQLException.class);
		}
	}

	@Test
	void acquireWithInvalidArgumentsThrowsIllegalArgument() {
		WorkerLeaseStore store = createStore();
		assertThatIllegalArgumentException().isThrownBy(() -> store.acquire(" ", 0, Duration.ofMinutes(1)));
		assertThatIllegalArgumentException().isThrownBy(() -> store.acquire("x".repeat(129), 0, Duration.ofMinutes(1)));
		assertThatIllegalArgumentException().isThrownBy(() -> store.acquire("a", -1, Duration.ofMinutes(1)));
		assertThatIllegalArgumentException().isThrownBy(() -> store.acquire("a", 0, Duration.ZERO));
	}

	@Test
	void ownersDifferingInCaseAreDistinct() {
		WorkerLeaseStore store = createStore();
		assertThat(store.acquire("Owner", 0, Duration.ofMinutes(1))).isPresent();
		assertThat(store.renew(new WorkerLease(0, "owner", 0), Duration.ofMinutes(1), 0)).isFalse();
	}

	@Test
	void findShapeProblemsOfTableCreatedBySchemaFindsNone() {
		assertThat(new JdbcWorkerSchema(dataSource(), this.tableName).findShapeProblems()).isEmpty();
	}

	@Test
	void findShapeProblemsNamesEveryProblem() throws SQLException {
		String table = this.tableName + "_shape";
		execute("CREATE TABLE " + table + " (worker_id INT NOT NULL, expires_at TIMESTAMP NOT NULL, "
				+ "last_timestamp INT NOT NULL, pod VARCHAR(16) NOT NULL)");
		try {
			assertThat(new JdbcWorkerSchema(dataSource(), table).findShapeProblems()).hasSize(4)
				.anySatisfy((problem) -> assertThat(problem).startsWith("column worker_id is neither its primary key"))
				.anySatisfy((problem) -> assertThat(problem).startsWith("column last_timestamp is "))
				.contains("it has no column owner",
						"column pod is NOT NULL without a default, and idgen does not fill it");
		}
		finally {
			execute("DROP TABLE " + table);
		}
	}

	@Test
	void scriptIsTheDialectsScriptForTheTable() {
		assertThat(new JdbcWorkerSchema(dataSource(), "ids.my_workers").script()).startsWith("CREATE TABLE")
			.contains("ids.my_workers (", "worker_id", "owner", "expires_at", "last_timestamp BIGINT NOT NULL");
	}

	@Test
	void createWithInvalidTableNameThrowsIllegalArgument() {
		assertThatIllegalArgumentException().isThrownBy(() -> new JdbcWorkerLeaseStore(dataSource(), "a; drop"));
		assertThatIllegalArgumentException().isThrownBy(() -> new JdbcWorkerSchema(dataSource(), "a b"));
	}

}
