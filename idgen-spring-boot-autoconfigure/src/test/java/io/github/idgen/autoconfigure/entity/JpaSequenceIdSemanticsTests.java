package io.github.idgen.autoconfigure.entity;

import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.SessionFactory;
import org.hibernate.StatelessSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.entity.jpa.semantics.AssignableOrder;
import io.github.idgen.autoconfigure.entity.jpa.semantics.GeneratorOrder;
import io.github.idgen.autoconfigure.entity.jpa.semantics.Order;
import io.github.idgen.autoconfigure.entity.jpa.semantics.OrderLine;
import io.github.idgen.autoconfigure.entity.jpa.semantics.SemanticsOrder;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.UniqueNames;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@link io.github.idgen.entity.SequenceId} on JPA entities behaves like Hibernate's own
 * {@code @SequenceGenerator} by default, on real databases: an identifier set before
 * persist is an error, a detached entity whose row is gone is not inserted again by
 * merge, and an entity with an identifier is never probed with a query to tell whether it
 * is new. {@code @SequenceId(allowAssigned = true)} keeps identifiers set by the
 * application, at the cost of such queries.
 */
class JpaSequenceIdSemanticsTests {

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres),
				Arguments.of("MariaDB", (Supplier<DataSource>) TestBackends::mariaDb));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void persistOfAnEntityWithAPresetIdFailsAsWithASequenceGenerator(String name, Supplier<DataSource> database) {
		run(database, (context, log) -> {
			Throwable generator = catchThrowable(() -> persist(context, new GeneratorOrder(1_000_000L, "preset")));
			assertThat(generator).as("@SequenceGenerator").isNotNull();
			log.clear();
			Throwable sequenceId = catchThrowable(() -> persist(context, new SemanticsOrder(1_000_000L, "preset")));
			assertThat(sequenceId).as("@SequenceId")
				.isInstanceOf(generator.getClass())
				.hasMessageContaining(SemanticsOrder.class.getName());
			assertThat(log.sql()).as("statements").noneMatch((sql) -> sql.contains("sem27_orders"));
			assertThat(rows(context, "sem27_orders")).isZero();
			assertThat(context.getBean(IdGenerator.class).nextId("sem27-order")).as("nothing drawn").isEqualTo(1);
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void mergeOfADetachedEntityWhoseRowWasDeletedFailsAsWithASequenceGenerator(String name,
			Supplier<DataSource> database) {
		run(database, (context, log) -> {
			Throwable generator = mergeAfterDelete(context, new GeneratorOrder(null, "first"),
					"sem27_generator_orders");
			assertThat(generator).as("@SequenceGenerator").isNotNull();
			Throwable sequenceId = mergeAfterDelete(context, new SemanticsOrder(null, "first"), "sem27_orders");
			assertThat(sequenceId).as("@SequenceId").isInstanceOf(generator.getClass());
			assertThat(rows(context, "sem27_orders")).as("not inserted again").isZero();
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void anEntityWithAnIdIsNeverProbedWithAQuery(String name, Supplier<DataSource> database) {
		run(database, (context, log) -> {
			SemanticsOrder order = persist(context, new SemanticsOrder(null, "order"));
			SemanticsOrder detached = new SemanticsOrder(order.getId(), "order");
			log.clear();
			persist(context, new OrderLine(detached));
			assertThat(log.sql()).as("statements on the order's table")
				.noneMatch((sql) -> sql.contains("sem27_orders"));
			assertThat(log.sql()).as("statements").last().asString().startsWith("insert into sem27_lines");
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aStatelessInsertDrawsAnIdOverAPresetOneAsWithASequenceGenerator(String name, Supplier<DataSource> database) {
		run(database, (context, log) -> {
			GeneratorOrder generator = new GeneratorOrder(1_000_000L, "preset");
			SemanticsOrder sequenceId = new SemanticsOrder(1_000_000L, "preset");
			try (StatelessSession session = context.getBean(EntityManagerFactory.class)
				.unwrap(SessionFactory.class)
				.openStatelessSession()) {
				session.getTransaction().begin();
				session.insert(generator);
				session.insert(sequenceId);
				session.getTransaction().commit();
			}
			assertThat(generator.getId()).as("@SequenceGenerator").isNotEqualTo(1_000_000L);
			assertThat(sequenceId.getId()).as("@SequenceId").isEqualTo(1L);
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void anAllowAssignedIdIsKeptAtTheCostOfAQueryWhenMerged(String name, Supplier<DataSource> database) {
		run(database, (context, log) -> {
			AssignableOrder persisted = persist(context, new AssignableOrder(1_000_000L, "persisted"));
			assertThat(persisted.getId()).isEqualTo(1_000_000L);
			log.clear();
			AssignableOrder merged = merge(context, new AssignableOrder(2_000_000L, "merged"));
			assertThat(merged.getId()).isEqualTo(2_000_000L);
			assertThat(log.queries()).as("queries " + log.sql()).isEqualTo(1);
			assertThat(log.sql()).as("statements").hasSize(2).last().asString().startsWith("insert into");
			assertThat(rows(context, "sem27_assignable_orders")).isEqualTo(2);
			assertThat(context.getBean(IdGenerator.class).nextId("sem27-assignable")).as("nothing drawn").isEqualTo(1);
		});
	}

	private void run(Supplier<DataSource> database, Test test) {
		DataSource dataSource = database.get();
		StatementLog log = new StatementLog();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		String table = UniqueNames.uniqueName("sem27_ids").replace('-', '_');
		try {
			new ApplicationContextRunner()
				.withConfiguration(IdgenAutoConfigurations.of(HibernateJpaAutoConfiguration.class))
				.withUserConfiguration(Entities.class)
				.withBean(DataSource.class, () -> log.wrap(dataSource))
				.withPropertyValues("spring.jpa.hibernate.ddl-auto=create-drop", "idgen.jdbc.table=" + table,
						"idgen.jdbc.initialize-schema=always")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					test.run(context, log);
				});
		}
		finally {
			jdbc.execute("DROP TABLE IF EXISTS " + table);
		}
	}

	private static Throwable mergeAfterDelete(AssertableApplicationContext context, Order order, String table) {
		Order persisted = persist(context, order);
		new JdbcTemplate(context.getBean(DataSource.class)).update("DELETE FROM " + table + " WHERE id = ?",
				persisted.getId());
		persisted.setNote("changed");
		return catchThrowable(() -> merge(context, persisted));
	}

	private static <T> T persist(AssertableApplicationContext context, T entity) {
		return inTransaction(context, (entityManager) -> {
			entityManager.persist(entity);
			return entity;
		});
	}

	private static <T> T merge(AssertableApplicationContext context, T entity) {
		return inTransaction(context, (entityManager) -> entityManager.merge(entity));
	}

	private static <T> T inTransaction(AssertableApplicationContext context, Function<EntityManager, T> work) {
		try (EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager()) {
			entityManager.getTransaction().begin();
			try {
				T result = work.apply(entityManager);
				entityManager.getTransaction().commit();
				return result;
			}
			finally {
				if (entityManager.getTransaction().isActive()) {
					entityManager.getTransaction().rollback();
				}
			}
		}
	}

	private static long rows(AssertableApplicationContext context, String table) {
		return new JdbcTemplate(context.getBean(DataSource.class)).queryForObject("SELECT COUNT(*) FROM " + table,
				Long.class);
	}

	@FunctionalInterface
	private interface Test {

		void run(AssertableApplicationContext context, StatementLog log) throws Exception;

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = SemanticsOrder.class)
	static class Entities {

	}

}
