package io.github.idgen.autoconfigure.entity;

import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.boot.model.naming.PhysicalNamingStrategyStandardImpl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.entity.jpa.renamed.Ren27Order;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.UniqueNames;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JPA entity whose table was renamed, or whose naming strategy changed, draws from a
 * new sequence named after the new table; that sequence would start at 1 below the IDs
 * the table holds, so startup fails, naming the entity, the table, the sequence and the
 * fixes. On PostgreSQL, with the IDs written by idgen itself.
 */
class JpaEntityCounterCheckTests {

	private static final String STANDARD_NAMING = "spring.jpa.hibernate.naming.physical-strategy="
			+ PhysicalNamingStrategyStandardImpl.class.getName();

	private final DataSource postgres = TestBackends.postgres();

	private final JdbcTemplate jdbc = new JdbcTemplate(this.postgres);

	private final String idgenTable = UniqueNames.uniqueName("ren27_ids").replace('-', '_');

	@BeforeEach
	@AfterEach
	void dropTables() {
		this.jdbc.execute("DROP TABLE IF EXISTS ren27_order");
		this.jdbc.execute("DROP TABLE IF EXISTS ren27order");
		this.jdbc.execute("DROP TABLE IF EXISTS " + this.idgenTable);
	}

	@Test
	void aChangedNamingStrategyThatWouldRestartTheCounterFailsAtStartup() {
		List<Long> ids = new ArrayList<>();
		runner("spring.jpa.hibernate.ddl-auto=create").run((context) -> {
			assertThat(context).hasNotFailed();
			for (int i = 0; i < 3; i++) {
				ids.add(persist(context, new Ren27Order("before")).getId());
			}
		});
		assertThat(ids).containsExactly(1L, 2L, 3L);
		runner("spring.jpa.hibernate.ddl-auto=validate").run((context) -> {
			assertThat(context).as("restarted with the same naming").hasNotFailed();
			ids.add(persist(context, new Ren27Order("again")).getId());
		});
		long largest = ids.get(3);
		assertThat(largest).isGreaterThan(3);
		this.jdbc.execute("ALTER TABLE ren27_order RENAME TO ren27order");
		runner("spring.jpa.hibernate.ddl-auto=validate", STANDARD_NAMING).run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			while (!(failure instanceof IdGeneratorConfigurationException) && failure.getCause() != null) {
				failure = failure.getCause();
			}
			assertThat(failure).isInstanceOf(IdGeneratorConfigurationException.class)
				.hasMessageContaining(Ren27Order.class.getName() + ".id")
				.hasMessageContaining("sequence 'Ren27Order', which issues IDs from 1 on")
				.hasMessageContaining("table Ren27Order (column id) already holds IDs up to " + largest + ":")
				.hasMessageContaining("@SequenceId(\"<its former name>\")")
				.hasMessageContaining("idgen.sequences.Ren27Order.start=" + (largest + 1))
				.hasMessageContaining("idgen.entities.check-counters=false");
		});
		assertThat(this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM " + this.idgenTable + " WHERE sequence_name = 'Ren27Order'", Long.class))
			.as("no counter created for the new sequence")
			.isZero();
	}

	@Test
	void aSequenceStartedAboveTheTablesIdsOrTheCheckSwitchedOffStarts() {
		runner("spring.jpa.hibernate.ddl-auto=create").run((context) -> {
			assertThat(context).hasNotFailed();
			persist(context, new Ren27Order("before"));
		});
		this.jdbc.execute("ALTER TABLE ren27_order RENAME TO ren27order");
		runner("spring.jpa.hibernate.ddl-auto=validate", STANDARD_NAMING, "idgen.sequences.Ren27Order.start=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(persist(context, new Ren27Order("after")).getId()).isEqualTo(2);
			});
		this.jdbc.execute("DROP TABLE " + this.idgenTable);
		runner("spring.jpa.hibernate.ddl-auto=validate", STANDARD_NAMING, "idgen.entities.check-counters=false")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	private ApplicationContextRunner runner(String... properties) {
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(HibernateJpaAutoConfiguration.class))
			.withUserConfiguration(Entities.class)
			.withBean(DataSource.class, () -> new DelegatingDataSource(this.postgres))
			.withPropertyValues("idgen.jdbc.table=" + this.idgenTable, "idgen.jdbc.initialize-schema=always")
			.withPropertyValues(properties);
	}

	private static <T> T persist(AssertableApplicationContext context, T entity) {
		try (EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager()) {
			entityManager.getTransaction().begin();
			entityManager.persist(entity);
			entityManager.getTransaction().commit();
			return entity;
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Ren27Order.class)
	static class Entities {

	}

}
