package io.github.idgen.jdbc;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.TestBackends;
import io.github.idgen.worker.WorkerLease;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mariadb.jdbc.MariaDbDataSource;
import org.postgresql.ds.PGSimpleDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests that every JDBC store fails with a typed exception whose message names neither
 * host, port nor user when its database cannot be reached (a closed port) or refuses the
 * user, on PostgreSQL and MariaDB.
 */
class UnreachableDatabaseTest {

	private static final String UNKNOWN_USER = "idgen_no_such_user";

	private static final String TABLE = "idgen_segment";

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres),
				Arguments.of("MariaDB", (Supplier<DataSource>) TestBackends::mariaDb));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void everyOperationAtClosedPortThrowsBackendUnavailableWithoutHostPortOrUser(String name,
			Supplier<DataSource> database) throws Exception {
		int port = closedPort();
		String url = DatabaseUsers.urlWithoutCredentials(database.get())
			.replaceFirst("//[^/]+/", "//127.0.0.1:" + port + "/");
		DataSource dataSource = driverDataSource(url, UNKNOWN_USER);
		operations(dataSource)
			.forEach((operation, call) -> assertThatExceptionOfType(BackendUnavailableException.class).as(operation)
				.isThrownBy(call)
				.satisfies((ex) -> assertRedacted(ex, String.valueOf(port))));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void everyOperationWithUnknownUserThrowsBackendMisconfiguredWithoutHostPortOrUser(String name,
			Supplier<DataSource> database) throws Exception {
		String url = DatabaseUsers.urlWithoutCredentials(database.get());
		DataSource dataSource = driverDataSource(url, UNKNOWN_USER);
		String port = url.replaceFirst("^[^/]*//[^/:]+:?(\\d*)/.*$", "$1");
		operations(dataSource)
			.forEach((operation, call) -> assertThatExceptionOfType(BackendMisconfiguredException.class).as(operation)
				.isThrownBy(call)
				.satisfies((ex) -> assertRedacted(ex, port.isEmpty() ? "127.0.0.1" : port))
				.withMessageContaining("refused the user or password"));
	}

	private static Map<String, ThrowingCallable> operations(DataSource dataSource) {
		JdbcSegmentStore store = new JdbcSegmentStore(dataSource, TABLE);
		JdbcCounterFloor floor = new JdbcCounterFloor(dataSource, TABLE);
		JdbcWorkerLeaseStore leases = new JdbcWorkerLeaseStore(dataSource, "idgen_worker");
		WorkerLease lease = new WorkerLease(1, "owner", 0);
		Map<String, ThrowingCallable> operations = new LinkedHashMap<>();
		operations.put("allocate", () -> store.allocate("orders", 10, 1));
		operations.put("allocate bounded", () -> store.allocate("orders", 10, new SequenceBounds(1, 100, true)));
		operations.put("checkAvailable", store::checkAvailable);
		operations.put("createIfMissing", () -> new JdbcSegmentSchema(dataSource, TABLE).createIfMissing());
		operations.put("floor read", () -> floor.read("orders"));
		operations.put("floor raise", () -> floor.raise("orders", 0, 10));
		operations.put("acquire", () -> leases.acquire("owner", 3, Duration.ofMinutes(1)));
		operations.put("renew", () -> leases.renew(lease, Duration.ofMinutes(1), 0));
		operations.put("release", () -> leases.release(lease, 0));
		operations.put("countLive", leases::countLive);
		operations.put("worker createIfMissing",
				() -> new JdbcWorkerSchema(dataSource, "idgen_worker").createIfMissing());
		return operations;
	}

	private static void assertRedacted(IdGenerationException ex, String port) {
		assertThat(ex.getMessage()).contains("'idgen_").doesNotContain("127.0.0.1", "localhost", port, UNKNOWN_USER);
		assertThat(ex).hasCauseInstanceOf(SQLException.class);
	}

	private static DataSource driverDataSource(String url, String user) throws SQLException {
		if (url.startsWith("jdbc:postgresql:")) {
			PGSimpleDataSource dataSource = new PGSimpleDataSource();
			dataSource.setURL(url);
			dataSource.setUser(user);
			dataSource.setPassword("wrong-password");
			dataSource.setConnectTimeout(5);
			return dataSource;
		}
		MariaDbDataSource dataSource = new MariaDbDataSource(url);
		dataSource.setUser(user);
		dataSource.setPassword("wrong-password");
		return dataSource;
	}

	private static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
