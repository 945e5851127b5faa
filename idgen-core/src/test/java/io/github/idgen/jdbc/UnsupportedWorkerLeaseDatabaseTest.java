package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.test.TestBackends;
import io.github.idgen.worker.WorkerLease;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests that {@link JdbcWorkerLeaseStore} and {@link JdbcWorkerSchema} refuse the
 * databases whose clock arithmetic they do not know, HSQLDB and Derby, with a typed
 * exception that names the databases they support.
 */
class UnsupportedWorkerLeaseDatabaseTest {

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("HSQLDB", (Supplier<DataSource>) TestBackends::hsqldb),
				Arguments.of("Derby", (Supplier<DataSource>) TestBackends::derby));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void everyOperationThrowsBackendMisconfiguredNamingTheSupportedDatabases(String name,
			Supplier<DataSource> database) {
		DataSource dataSource = database.get();
		JdbcWorkerLeaseStore store = new JdbcWorkerLeaseStore(dataSource, "idgen_worker");
		WorkerLease lease = new WorkerLease(0, "owner", 0);
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> new JdbcWorkerSchema(dataSource, "idgen_worker").createIfMissing())
			.withMessageContaining("'idgen_worker'")
			.withMessageContaining(JdbcWorkerLeaseStore.SUPPORTED_DATABASES);
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.acquire("owner", 3, Duration.ofMinutes(1)))
			.withMessageContaining("'idgen_worker'")
			.withMessageContaining(JdbcWorkerLeaseStore.SUPPORTED_DATABASES);
		assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> store.renew(lease, Duration.ofMinutes(1), 0))
			.withMessageContaining(JdbcWorkerLeaseStore.SUPPORTED_DATABASES);
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> store.release(lease, 0))
			.withMessageContaining(JdbcWorkerLeaseStore.SUPPORTED_DATABASES);
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(store::countLive)
			.withMessageContaining(JdbcWorkerLeaseStore.SUPPORTED_DATABASES);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void createWithGenericDialectThrowsIllegalArgument(String name, Supplier<DataSource> database) {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new JdbcWorkerLeaseStore(database.get(), "idgen_worker", JdbcDialect.GENERIC))
			.withMessageContaining(JdbcWorkerLeaseStore.SUPPORTED_DATABASES);
		assertThat(JdbcDialect.GENERIC.supportsWorkerLeases()).isFalse();
	}

}
