package io.github.idgen.autoconfigure.entity;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.apache.ibatis.session.ExecutorType;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mybatis.spring.SqlSessionTemplate;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import io.github.idgen.autoconfigure.entity.MyBatisEntities.Order;
import io.github.idgen.autoconfigure.entity.MyBatisEntities.OrderMapper;
import io.github.idgen.test.Concurrently;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two application instances sharing one database and one idgen table insert MyBatis
 * entities marked {@link io.github.idgen.entity.SequenceId} through their mapper on two
 * threads each, in multi-row inserts, single inserts and batches of the batch executor:
 * the table's primary key takes every row, and the identifiers the entities were given
 * have no duplicate.
 */
class MyBatisSequenceIdUniquenessTests {

	private static final int THREADS_PER_INSTANCE = 2;

	private static final int ROUNDS_PER_THREAD = 10;

	private static final int MULTI_ROW = 400;

	private static final int SINGLE = 50;

	private static final int BATCHED = 50;

	private static final int PER_ROUND = MULTI_ROW + SINGLE + BATCHED;

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("H2", (Supplier<DataSource>) TestBackends::h2),
				Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres),
				Arguments.of("MariaDB", (Supplier<DataSource>) TestBackends::mariaDb));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void instancesInsertingConcurrentlyNeverGiveTwoEntitiesOneIdentifier(String name, Supplier<DataSource> database) {
		DataSource dataSource = database.get();
		String run = JdbcAggregates.uniqueRun();
		ApplicationContextRunner runner = MyBatisEntities.runner(dataSource, run, OrderMapper.class)
			.withPropertyValues("idgen.sequences.order.step=10", "idgen.sequences.order.min-step=10",
					"idgen.sequences.order.max-step=2000");
		try {
			runner.run((first) -> runner.run((second) -> {
				MyBatisEntities.createTables(dataSource, run);
				List<Callable<List<Long>>> inserters = new ArrayList<>();
				for (ApplicationContext instance : List.of(first, second)) {
					for (int thread = 0; thread < THREADS_PER_INSTANCE; thread++) {
						inserters.add(() -> insert(instance));
					}
				}
				Set<Long> ids = new HashSet<>();
				int inserted = 0;
				for (List<Long> insertedByOne : Concurrently.runTogether(inserters)) {
					ids.addAll(insertedByOne);
					inserted += insertedByOne.size();
				}
				int expected = 2 * THREADS_PER_INSTANCE * ROUNDS_PER_THREAD * PER_ROUND;
				assertThat(inserted).isEqualTo(expected);
				assertThat(ids).hasSize(expected).doesNotContainNull();
				assertThat(first.getBean(SqlSessionTemplate.class).getMapper(OrderMapper.class).count())
					.isEqualTo(expected);
			}));
		}
		finally {
			MyBatisEntities.dropTables(dataSource, run);
		}
	}

	private static List<Long> insert(ApplicationContext instance) {
		OrderMapper mapper = instance.getBean(SqlSessionTemplate.class).getMapper(OrderMapper.class);
		List<Order> orders = new ArrayList<>(ROUNDS_PER_THREAD * PER_ROUND);
		for (int round = 0; round < ROUNDS_PER_THREAD; round++) {
			List<Order> multiRow = orders(MULTI_ROW);
			mapper.insertAll(multiRow);
			orders.addAll(multiRow);
			for (Order order : orders(SINGLE)) {
				mapper.insert(order);
				orders.add(order);
			}
			List<Order> batched = orders(BATCHED);
			try (SqlSession session = instance.getBean(SqlSessionFactory.class).openSession(ExecutorType.BATCH)) {
				batched.forEach(session.getMapper(OrderMapper.class)::insert);
				session.commit();
			}
			orders.addAll(batched);
		}
		return orders.stream().map(Order::getId).toList();
	}

	private static List<Order> orders(int count) {
		List<Order> orders = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			orders.add(new Order("customer"));
		}
		return orders;
	}

}
