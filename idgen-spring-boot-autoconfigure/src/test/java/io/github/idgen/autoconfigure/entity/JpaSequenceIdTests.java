package io.github.idgen.autoconfigure.entity;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.EntityExistsException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.entity.jpa.shop.JpaInvoice;
import io.github.idgen.autoconfigure.entity.jpa.shop.JpaOrder;
import io.github.idgen.autoconfigure.entity.jpa.shop.JpaTicket;
import io.github.idgen.autoconfigure.entity.jpa.integer.JpaIntegerOrder;
import io.github.idgen.autoconfigure.entity.jpa.notid.JpaNotIdOrder;
import io.github.idgen.autoconfigure.entity.jpa.text.JpaUnformattedInvoice;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.test.Concurrently;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.UniqueNames;

import static io.github.idgen.autoconfigure.entity.PersistedEntities.persist;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link io.github.idgen.entity.SequenceId} on JPA entities, through Spring
 * Boot's Hibernate auto-configuration.
 */
class JpaSequenceIdTests {

	private static final int BATCH = 50;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(HibernateJpaAutoConfiguration.class))
		.withPropertyValues("spring.jpa.hibernate.ddl-auto=create-drop",
				"spring.jpa.properties.hibernate.jdbc.batch_size=" + BATCH);

	private ApplicationContextRunner onH2(Class<?> entities) {
		return this.runner.withUserConfiguration(entities)
			.withBean(DataSource.class, TestBackends::h2)
			.withPropertyValues("idgen.sequences.invoice.format=INV{seq:6}");
	}

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres),
				Arguments.of("MariaDB", (Supplier<DataSource>) TestBackends::mariaDb),
				Arguments.of("H2", (Supplier<DataSource>) TestBackends::h2));
	}

	@Test
	void persistsEntitiesWithIdsDrawnFromTheirSequence() {
		onH2(Entities.class).run((context) -> {
			List<JpaOrder> orders = persist(context, 3, (i) -> new JpaOrder("order " + i));
			assertThat(orders).extracting(JpaOrder::getId).containsExactly(1L, 2L, 3L);
			assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(4);
		});
	}

	@Test
	void persistOfAnIdTheApplicationAssignedFailsNamingTheEntity() {
		onH2(Entities.class).run((context) -> {
			assertThatExceptionOfType(EntityExistsException.class)
				.isThrownBy(() -> persist(context, 1, (i) -> new JpaOrder(1_000_000L, "assigned")))
				.withMessageContaining(JpaOrder.class.getName());
			assertThat(find(context, JpaOrder.class, 1_000_000L)).isNull();
			assertThat(context.getBean(IdGenerator.class).nextId("order")).as("nothing drawn").isEqualTo(1);
		});
	}

	@Test
	void drawsATextIdFromAFormattedSequence() {
		onH2(Entities.class).run((context) -> {
			List<JpaInvoice> invoices = persist(context, 2, (i) -> new JpaInvoice());
			assertThat(invoices).extracting(JpaInvoice::getNumber).containsExactly("INV000001", "INV000002");
		});
	}

	@Test
	void anAnnotationWithoutASequenceDrawsFromTheTableName() {
		onH2(Entities.class).run((context) -> {
			List<JpaTicket> tickets = persist(context, 2, (i) -> new JpaTicket());
			assertThat(tickets).extracting(JpaTicket::getId).containsExactly(1L, 2L);
			assertThat(context.getBean(IdGenerator.class).nextId("jpa_tickets")).isEqualTo(3);
		});
	}

	@Test
	void insertsAreBatchedAndTheIdCostsNoStatement() {
		StatementLog log = new StatementLog();
		DataSource dataSource = log.wrap(TestBackends.h2());
		this.runner.withUserConfiguration(Entities.class)
			.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("idgen.sequences.invoice.format=INV{seq:6}", "idgen.backend=snowflake",
					"idgen.snowflake.worker-id=1")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				log.clear();
				List<JpaOrder> orders = persist(context, 1_000, (i) -> new JpaOrder("order " + i));
				assertThat(orders).extracting(JpaOrder::getId).doesNotHaveDuplicates().doesNotContainNull();
				assertThat(log.batches()).as("batches of " + BATCH).isEqualTo(1_000 / BATCH);
				assertThat(log.queries()).as("queries").isZero();
				assertThat(log.sql()).as("statements").allMatch((sql) -> sql.startsWith("insert into jpa_orders"));
			});
	}

	@Test
	void switchedOffTheMarkedEntityFailsAtStartup() {
		for (String off : List.of("idgen.entities.jpa.enabled=false", "idgen.entities.enabled=false")) {
			onH2(Entities.class).withPropertyValues(off).run((context) -> {
				assertThat(context).hasFailed();
				assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
					.hasMessageContainingAll("@SequenceId on ", ".id", "idgen.entities.jpa.enabled");
			});
		}
	}

	@Test
	void anIdThatCannotHoldAnIdgenIdFailsAtStartup() {
		onH2(IntegerEntities.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure())).hasMessageContainingAll(
					"@SequenceId on " + JpaIntegerOrder.class.getName() + ".id", "java.lang.Integer",
					"Declare id as Long or long");
		});
	}

	@Test
	void anAnnotationOnAPropertyThatIsNotTheIdFailsAtStartup() {
		onH2(NotIdEntities.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(SequenceIdMappingException.class)
				.hasMessageContainingAll(JpaNotIdOrder.class.getName() + ".reference", "not the identifier",
						"Move @SequenceId to the @Id");
		});
	}

	@Test
	void aTextIdFromASequenceWithoutFormatFailsAtStartup() {
		this.runner.withUserConfiguration(TextEntities.class)
			.withBean(DataSource.class, TestBackends::h2)
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
					.isInstanceOf(IdGeneratorConfigurationException.class)
					.hasMessageContainingAll(JpaUnformattedInvoice.class.getName() + ".number",
							"idgen.sequences.invoice.format");
			});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void twoApplicationsPersistingOnTwoThreadsEachNeverRepeatAnId(String name, Supplier<DataSource> database)
			throws Exception {
		DataSource dataSource = database.get();
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("DROP TABLE IF EXISTS jpa_orders");
		jdbc.execute("CREATE TABLE jpa_orders (id BIGINT NOT NULL PRIMARY KEY, note VARCHAR(255))");
		String table = UniqueNames.uniqueName("jpa_ids").replace('-', '_');
		ApplicationContextRunner application = this.runner.withUserConfiguration(Entities.class)
			.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withPropertyValues("spring.jpa.hibernate.ddl-auto=none", "idgen.sequences.invoice.format=INV{seq:6}",
					"idgen.jdbc.table=" + table, "idgen.jdbc.initialize-schema=always");
		int perThread = 50_000;
		List<Long> ids = new ArrayList<>();
		application.run((first) -> application.run((second) -> {
			List<Callable<List<Long>>> threads = new ArrayList<>();
			for (ConfigurableApplicationContext context : List.of(first, second)) {
				EntityManagerFactory factory = context.getBean(EntityManagerFactory.class);
				threads.add(() -> persistInTransactions(factory, perThread));
				threads.add(() -> persistInTransactions(factory, perThread));
			}
			Concurrently.runTogether(threads).forEach(ids::addAll);
		}));
		assertThat(ids).hasSize(4 * perThread).doesNotHaveDuplicates();
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM jpa_orders", Long.class)).isEqualTo(4L * perThread);
		Set<Long> stored = new HashSet<>(jdbc.queryForList("SELECT id FROM jpa_orders", Long.class));
		assertThat(stored).isEqualTo(new HashSet<>(ids));
		jdbc.execute("DROP TABLE jpa_orders");
		jdbc.execute("DROP TABLE " + table);
	}

	private static List<Long> persistInTransactions(EntityManagerFactory factory, int count) {
		List<Long> ids = new ArrayList<>(count);
		int perTransaction = 10 * BATCH;
		for (int done = 0; done < count; done += perTransaction) {
			EntityManager entityManager = factory.createEntityManager();
			try {
				entityManager.getTransaction().begin();
				List<JpaOrder> orders = new ArrayList<>(perTransaction);
				for (int i = 0; i < perTransaction; i++) {
					JpaOrder order = new JpaOrder("order");
					entityManager.persist(order);
					orders.add(order);
				}
				entityManager.getTransaction().commit();
				orders.forEach((order) -> ids.add(order.getId()));
			}
			finally {
				entityManager.close();
			}
		}
		return ids;
	}

	private static <T> T find(AssertableApplicationContext context, Class<T> type, Object id) {
		EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager();
		try {
			return entityManager.find(type, id);
		}
		finally {
			entityManager.close();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = JpaOrder.class)
	static class Entities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = JpaIntegerOrder.class)
	static class IntegerEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = JpaNotIdOrder.class)
	static class NotIdEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = JpaUnformattedInvoice.class)
	static class TextEntities {

	}

}
