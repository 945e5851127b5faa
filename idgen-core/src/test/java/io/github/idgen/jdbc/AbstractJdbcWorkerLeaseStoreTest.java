package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.worker.AbstractWorkerLeaseStoreTest;
import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

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
		try (Connection connection = dataSource().getConnection();
				Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE " + this.tableName);
		}
	}

	@Test
	void createIfMissingWhenTableExistsKeepsLeases() {
		createStore().acquire("a", 0, Duration.ofMinutes(1));
		new JdbcWorkerSchema(dataSource(), this.tableName).createIfMissing();
		assertThat(createStore().countLive()).isEqualTo(1);
	}

	@Test
	void acquireWhenTableIsMissingThrowsBackendUnavailable() {
		WorkerLeaseStore store = new JdbcWorkerLeaseStore(dataSource(), this.tableName + "_missing");
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> store.acquire("a", 0, Duration.ofMinutes(1)))
			.withMessageContaining(this.tableName + "_missing");
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
		assertThat(store.renew(new WorkerLease(0, "owner", 0), Duration.ofMinutes(1), 0))
			.isFalse();
	}

	@Test
	void createWithInvalidTableNameThrowsIllegalArgument() {
		assertThatIllegalArgumentException().isThrownBy(() -> new JdbcWorkerLeaseStore(dataSource(), "a; drop"));
		assertThatIllegalArgumentException().isThrownBy(() -> new JdbcWorkerSchema(dataSource(), "a b"));
	}

}
