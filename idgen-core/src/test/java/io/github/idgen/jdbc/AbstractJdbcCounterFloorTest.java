package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.segment.Segment;
import io.github.idgen.test.Concurrently;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link JdbcCounterFloor}, for one database.
 */
abstract class AbstractJdbcCounterFloorTest {

	private static final String TABLE = "idgen_floor_test";

	private JdbcCounterFloor floor;

	/**
	 * Return the database under test. The same one on every call.
	 * @return the data source
	 */
	protected abstract DataSource dataSource();

	@BeforeEach
	void createFloor() {
		new JdbcSegmentSchema(dataSource(), TABLE).createIfMissing();
		this.floor = new JdbcCounterFloor(dataSource(), TABLE);
	}

	@Test
	void readWhenSequenceHasNoFloorIsZero() {
		assertThat(this.floor.read(uniqueName("none"))).isZero();
	}

	@Test
	void raiseWhenSequenceHasNoFloorCreatesIt() {
		String sequence = uniqueName("create");
		assertThat(this.floor.raise(sequence, 40, 50)).isTrue();
		assertThat(this.floor.read(sequence)).isEqualTo(50);
	}

	@Test
	void raiseFromAtOrAboveFloorRaisesIt() {
		String sequence = uniqueName("raise");
		this.floor.raise(sequence, 0, 10);
		assertThat(this.floor.raise(sequence, 10, 20)).isTrue();
		assertThat(this.floor.raise(sequence, 25, 30)).isTrue();
		assertThat(this.floor.read(sequence)).isEqualTo(30);
	}

	@Test
	void raiseFromBelowFloorChangesNothing() {
		String sequence = uniqueName("below");
		this.floor.raise(sequence, 0, 100);
		assertThat(this.floor.raise(sequence, 99, 200)).isFalse();
		assertThat(this.floor.raise(sequence, 0, 50)).isFalse();
		assertThat(this.floor.read(sequence)).isEqualTo(100);
	}

	@Test
	void raiseUpToLastId() {
		String sequence = uniqueName("last-id");
		assertThat(this.floor.raise(sequence, 0, Long.MAX_VALUE - 1)).isTrue();
		assertThat(this.floor.read(sequence)).isEqualTo(Long.MAX_VALUE - 1);
	}

	@Test
	void raiseFromTheSameValueConcurrentlyLetsExactlyOneWin() throws Exception {
		String sequence = uniqueName("concurrent");
		assertThat(raiseTogether(sequence, 8, 0, 10)).containsOnlyOnce(true);
		assertThat(raiseTogether(sequence, 8, 10, 20)).containsOnlyOnce(true);
		assertThat(this.floor.read(sequence)).isEqualTo(20);
	}

	@ParameterizedTest
	@ValueSource(strings = { "TRANSACTION_REPEATABLE_READ", "TRANSACTION_SERIALIZABLE" })
	void raiseConcurrentlyFromInstancesWhosePoolsRunAStricterIsolationLetsExactlyOneWin(String isolation)
			throws Exception {
		String sequence = uniqueName("isolation");
		try (IsolatedPools pools = new IsolatedPools(dataSource(), isolation)) {
			List<JdbcCounterFloor> floors = List.of(new JdbcCounterFloor(pools.open(), TABLE),
					new JdbcCounterFloor(pools.open(), TABLE), new JdbcCounterFloor(pools.open(), TABLE));
			for (long from = 0; from < 100; from += 10) {
				long to = from + 10;
				List<Callable<Boolean>> raises = new ArrayList<>();
				for (int i = 0; i < 9; i++) {
					JdbcCounterFloor floor = floors.get(i % floors.size());
					raises.add(() -> floor.raise(sequence, to - 10, to));
				}
				assertThat(Concurrently.runTogether(raises)).as("raise to %d", to).containsOnlyOnce(true);
			}
			assertThat(this.floor.read(sequence)).isEqualTo(100);
		}
	}

	@Test
	void raiseAndReadWhenConnectionsComeSerializableRunReadCommittedAndRestoreIsolation() {
		RecordingDataSource recording = new RecordingDataSource(dataSource(), false,
				Connection.TRANSACTION_SERIALIZABLE);
		JdbcCounterFloor floor = new JdbcCounterFloor(recording.dataSource(), TABLE);
		String sequence = uniqueName("serializable");
		assertThat(floor.raise(sequence, 0, 10)).isTrue();
		assertThat(floor.read(sequence)).isEqualTo(10);
		assertThat(recording.isolationOfStatements()).isNotEmpty().containsOnly(Connection.TRANSACTION_READ_COMMITTED);
		assertThat(recording.isolationOnClose()).hasSize(2).containsOnly(Connection.TRANSACTION_SERIALIZABLE);
	}

	@Test
	void floorIsTheCounterOfTheJdbcStore() {
		String sequence = uniqueName("shared-row");
		JdbcSegmentStore store = new JdbcSegmentStore(dataSource(), TABLE);
		assertThat(store.allocate(sequence, 100, 1)).isEqualTo(new Segment(1, 101));
		assertThat(this.floor.read(sequence)).isEqualTo(100);
		assertThat(this.floor.raise(sequence, 100, 150)).isTrue();
		assertThat(store.allocate(sequence, 10, 1)).isEqualTo(new Segment(151, 161));
	}

	@Test
	void raiseWithInvalidArgumentsThrowsIllegalArgument() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.floor.raise("x", 10, 10));
		assertThatIllegalArgumentException().isThrownBy(() -> this.floor.raise("x", -1, 10));
		assertThatIllegalArgumentException().isThrownBy(() -> this.floor.raise("", 1, 10));
		assertThatIllegalArgumentException().isThrownBy(() -> this.floor.read("bad\nname"));
	}

	@Test
	void raiseWhenTableIsMissingThrowsBackendMisconfigured() {
		JdbcCounterFloor missing = new JdbcCounterFloor(dataSource(), "idgen_floor_missing");
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> missing.raise("x", 0, 1))
			.withMessageContaining("'idgen_floor_missing'")
			.withMessageContaining("'x'")
			.withMessageContaining("does not exist")
			.withCauseInstanceOf(SQLException.class);
		assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> missing.read("x"))
			.withMessageContaining("'idgen_floor_missing'")
			.withCauseInstanceOf(SQLException.class);
	}

	@Test
	void raiseWhenTableHasNotNullColumnWithoutDefaultThrowsBackendMisconfigured() throws SQLException {
		String table = "idgen_floor_" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1);
		execute("CREATE TABLE " + table + " (sequence_name VARCHAR(128) NOT NULL PRIMARY KEY, max_id BIGINT NOT NULL, "
				+ "step BIGINT NOT NULL, updated_at TIMESTAMP NOT NULL, tenant VARCHAR(16) NOT NULL)");
		try {
			JdbcCounterFloor floor = new JdbcCounterFloor(dataSource(), table);
			assertThatExceptionOfType(BackendMisconfiguredException.class)
				.isThrownBy(() -> floor.raise(uniqueName("not-null"), 0, 10))
				.withMessageContaining("'" + table + "'")
				.withMessageContaining("NOT NULL column")
				.withCauseInstanceOf(SQLException.class);
		}
		finally {
			execute("DROP TABLE " + table);
		}
	}

	private void execute(String sql) throws SQLException {
		try (Connection connection = dataSource().getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	private List<Boolean> raiseTogether(String sequence, int threads, long from, long to) throws Exception {
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			CountDownLatch go = new CountDownLatch(1);
			List<Future<Boolean>> futures = new ArrayList<>();
			for (int i = 0; i < threads; i++) {
				futures.add(executor.submit(() -> {
					go.await();
					return this.floor.raise(sequence, from, to);
				}));
			}
			go.countDown();
			List<Boolean> results = new ArrayList<>();
			for (Future<Boolean> future : futures) {
				results.add(future.get(60, TimeUnit.SECONDS));
			}
			return results;
		}
		finally {
			executor.shutdownNow();
		}
	}

}
