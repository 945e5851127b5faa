package io.github.idgen.jdbc;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.github.idgen.SequenceNames;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that instances with different keys racing to record the key check value of one
 * sequence all get one value, the winner's, on real databases: each would otherwise start
 * believing its own key is the one of the store.
 */
class JdbcKeyChecksRaceTest {

	private static final int THREADS = 8;

	static Stream<Arguments> databases() {
		return Stream.of(
				Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres, JdbcDialect.POSTGRESQL),
				Arguments.of("MariaDB", (Supplier<DataSource>) TestBackends::mariaDb, JdbcDialect.MYSQL));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void racingInstancesWithDifferentKeysAllGetTheOneRecordedValue(String name, Supplier<DataSource> database,
			JdbcDialect dialect) throws Exception {
		DataSource dataSource = database.get();
		String table = "idgen27_kcv_race";
		new JdbcSegmentSchema(dataSource, table, dialect).createIfMissing();
		ExecutorService executor = Executors.newFixedThreadPool(THREADS);
		try {
			for (int round = 0; round < 20; round++) {
				String sequence = (round % 2 == 0) ? "race-" + UUID.randomUUID()
						: "race-" + UUID.randomUUID() + "x".repeat(SequenceNames.MAX_LENGTH - 41);
				CountDownLatch start = new CountDownLatch(1);
				List<Future<Long>> results = new ArrayList<>();
				for (int i = 0; i < THREADS; i++) {
					long check = 1000 + i;
					JdbcKeyChecks checks = new JdbcKeyChecks(dataSource, table);
					results.add(executor.submit(() -> {
						start.await();
						return checks.recordIfAbsent(sequence, "3f2a9c01", check);
					}));
				}
				start.countDown();
				List<Long> recorded = new ArrayList<>();
				for (Future<Long> result : results) {
					recorded.add(result.get());
				}
				assertThat(recorded).as("round %d", round).containsOnly(recorded.get(0));
				assertThat(recorded.get(0)).isBetween(1000L, 1000L + THREADS - 1);
			}
		}
		finally {
			executor.shutdownNow();
		}
	}

}
