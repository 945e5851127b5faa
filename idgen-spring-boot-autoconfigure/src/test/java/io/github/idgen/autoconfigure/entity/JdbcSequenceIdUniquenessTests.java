package io.github.idgen.autoconfigure.entity;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import io.github.idgen.autoconfigure.entity.JdbcAggregates.Item;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.ItemRepository;
import io.github.idgen.test.Concurrently;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two application instances sharing one database and one idgen table save Spring Data
 * JDBC aggregates marked {@link io.github.idgen.entity.SequenceId} through their
 * repositories on two threads each: the table's primary key takes every row, and the
 * identifiers the instances were given have no duplicate.
 */
class JdbcSequenceIdUniquenessTests {

	private static final int THREADS_PER_INSTANCE = 2;

	private static final int AGGREGATES_PER_THREAD = 50_000;

	private static final int BATCH = 500;

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("H2", (Supplier<DataSource>) TestBackends::h2),
				Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres),
				Arguments.of("MariaDB", (Supplier<DataSource>) TestBackends::mariaDb));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void instancesSavingConcurrentlyNeverGiveTwoAggregatesOneIdentifier(String name, Supplier<DataSource> database) {
		DataSource dataSource = database.get();
		String run = JdbcAggregates.uniqueRun();
		String table = run + "_item";
		ApplicationContextRunner runner = JdbcAggregates.runner(dataSource, run)
			.withUserConfiguration(JdbcAggregates.Items.class)
			.withPropertyValues("idgen.sequences." + table + ".step=10", "idgen.sequences." + table + ".min-step=10",
					"idgen.sequences." + table + ".max-step=2000");
		runner.run((first) -> runner.run((second) -> {
			JdbcAggregates.createTable(first, table, "bigint", "name", "varchar(64)");
			try {
				List<Callable<List<Long>>> savers = new ArrayList<>();
				for (ApplicationContext instance : List.of(first, second)) {
					for (int thread = 0; thread < THREADS_PER_INSTANCE; thread++) {
						savers.add(() -> save(instance.getBean(ItemRepository.class)));
					}
				}
				Set<Long> ids = new HashSet<>();
				int saved = 0;
				for (List<Long> savedByOne : Concurrently.runTogether(savers)) {
					ids.addAll(savedByOne);
					saved += savedByOne.size();
				}
				int expected = 2 * THREADS_PER_INSTANCE * AGGREGATES_PER_THREAD;
				assertThat(saved).isEqualTo(expected);
				assertThat(ids).hasSize(expected).doesNotContainNull();
				assertThat(JdbcAggregates.count(first, table)).isEqualTo(expected);
			}
			finally {
				JdbcAggregates.dropTables(dataSource, run, first, table);
			}
		}));
	}

	private static List<Long> save(ItemRepository items) {
		List<Long> ids = new ArrayList<>(AGGREGATES_PER_THREAD);
		for (int saved = 0; saved < AGGREGATES_PER_THREAD; saved += BATCH) {
			List<Item> batch = new ArrayList<>(BATCH);
			for (int i = 0; i < BATCH; i++) {
				batch.add(new Item(null, "item"));
			}
			items.saveAll(batch).forEach((item) -> ids.add(item.id));
		}
		return ids;
	}

}
