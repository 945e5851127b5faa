package io.github.idgen.autoconfigure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.IdGenerator;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several application instances, each with its own auto-configured {@link IdGenerator},
 * draw IDs from one database on many threads: the union of their IDs has no duplicate.
 */
class MultiInstanceUniquenessTests {

	private static final int INSTANCES = 3;

	private static final int THREADS_PER_INSTANCE = 4;

	private static final int IDS_PER_THREAD = 25_000;

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("H2", (Supplier<DataSource>) TestBackends::h2),
				Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres),
				Arguments.of("MariaDB", (Supplier<DataSource>) TestBackends::mariaDb));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void instancesSharingOneDatabaseNeverHandOutTheSameId(String name, Supplier<DataSource> database) throws Exception {
		// Shared by every instance and by other tests: wrapped so that no context closes
		// it.
		DataSource dataSource = database.get();
		String table = "idgen_multi_" + UUID.randomUUID().toString().substring(0, 8);
		ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withPropertyValues("idgen.jdbc.table=" + table, "idgen.jdbc.initialize-schema=always",
					"idgen.sequences.order.step=10", "idgen.sequences.order.min-step=10",
					"idgen.sequences.order.max-step=2000");
		List<IdGenerator> generators = new ArrayList<>();
		long[] ids;
		try {
			ids = withInstances(runner, INSTANCES, generators);
		}
		finally {
			new JdbcTemplate(dataSource).execute("drop table if exists " + table);
		}
		Arrays.sort(ids);
		for (int i = 1; i < ids.length; i++) {
			assertThat(ids[i]).as("ID after %s", ids[i - 1]).isGreaterThan(ids[i - 1]);
		}
		assertThat(ids).hasSize(INSTANCES * THREADS_PER_INSTANCE * IDS_PER_THREAD);
	}

	private long[] withInstances(ApplicationContextRunner runner, int remaining, List<IdGenerator> generators)
			throws Exception {
		if (remaining == 0) {
			return generateConcurrently(generators);
		}
		long[][] result = new long[1][];
		runner.run((context) -> {
			generators.add(context.getBean(IdGenerator.class));
			result[0] = withInstances(runner, remaining - 1, generators);
		});
		return result[0];
	}

	private long[] generateConcurrently(List<IdGenerator> generators) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(generators.size() * THREADS_PER_INSTANCE);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<long[]>> futures = new ArrayList<>();
			for (IdGenerator generator : generators) {
				for (int t = 0; t < THREADS_PER_INSTANCE; t++) {
					futures.add(pool.submit(() -> {
						start.await();
						long[] ids = new long[IDS_PER_THREAD];
						for (int i = 0; i < ids.length; i++) {
							ids[i] = generator.nextId("order");
						}
						return ids;
					}));
				}
			}
			start.countDown();
			long[] all = new long[futures.size() * IDS_PER_THREAD];
			int offset = 0;
			for (Future<long[]> future : futures) {
				long[] ids = future.get(5, TimeUnit.MINUTES);
				System.arraycopy(ids, 0, all, offset, ids.length);
				offset += ids.length;
			}
			return all;
		}
		finally {
			pool.shutdownNow();
		}
	}

}
