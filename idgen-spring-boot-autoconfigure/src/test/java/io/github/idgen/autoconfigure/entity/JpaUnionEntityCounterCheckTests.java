package io.github.idgen.autoconfigure.entity;

import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.entity.jpa.union.Ren27CardPayment;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.UniqueNames;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The counter check of a table-per-class hierarchy, whose abstract root has no table (its
 * rows are a union of its subclasses' tables, which Hibernate names as a subquery): a
 * lost counter fails at startup as for any other entity, and a healthy start warns of
 * nothing. On PostgreSQL.
 */
@ExtendWith(OutputCaptureExtension.class)
class JpaUnionEntityCounterCheckTests {

	private final DataSource postgres = TestBackends.postgres();

	private final JdbcTemplate jdbc = new JdbcTemplate(this.postgres);

	private final String idgenTable = UniqueNames.uniqueName("ren27_union").replace('-', '_');

	@BeforeEach
	@AfterEach
	void dropTables() {
		this.jdbc.execute("DROP TABLE IF EXISTS ren27_card_payment");
		this.jdbc.execute("DROP TABLE IF EXISTS " + this.idgenTable);
	}

	@Test
	void aLostCounterOfATablePerClassHierarchyFailsAtStartup(CapturedOutput output) {
		List<Long> ids = new ArrayList<>();
		runner("spring.jpa.hibernate.ddl-auto=create").run((context) -> {
			assertThat(context).hasNotFailed();
			for (int i = 0; i < 3; i++) {
				ids.add(persist(context, new Ren27CardPayment("card")).getId());
			}
		});
		assertThat(ids).containsExactly(1L, 2L, 3L);
		assertThat(output).as("a healthy start").doesNotContain("Could not read the largest ID");
		this.jdbc.execute("DROP TABLE " + this.idgenTable);
		runner("spring.jpa.hibernate.ddl-auto=validate").run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			while (!(failure instanceof IdGeneratorConfigurationException) && failure.getCause() != null) {
				failure = failure.getCause();
			}
			assertThat(failure).isInstanceOf(IdGeneratorConfigurationException.class)
				.hasMessageContaining("sequence 'ren27_payment', which issues IDs from 1 on")
				.hasMessageContaining("already holds IDs up to 3:");
		});
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
	@EntityScan(basePackageClasses = Ren27CardPayment.class)
	static class Entities {

	}

}
