package io.github.idgen.autoconfigure.entity;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.entity.jpa.collation.CollatedTicket;
import io.github.idgen.autoconfigure.entity.jpa.catalog.CatalogTicket;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that a JPA entity whose {@code String} identifier takes {@code base62} text is
 * refused at startup when its column on MariaDB has a case-insensitive collation, under
 * which IDs that differ in case only ({@code ...B} and {@code ...b}, 11 and 37) are
 * equal; and that a binary collation, or Crockford base32, starts and inserts.
 */
class JpaTextIdCollationTests {

	private static final String TABLE = "idgen27_collated_tickets";

	private static final String SEQUENCE = "idgen.sequences." + TABLE;

	private final DataSource mariaDb = unpooled(TestBackends.mariaDb());

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(HibernateJpaAutoConfiguration.class))
		.withUserConfiguration(Entities.class)
		.withBean(DataSource.class, () -> this.mariaDb)
		.withPropertyValues("spring.jpa.hibernate.ddl-auto=none", "idgen.jdbc.initialize-schema=always",
				SEQUENCE + ".step=10", SEQUENCE + ".min-step=10");

	@ParameterizedTest
	@ValueSource(strings = { "utf8mb4_general_ci", "utf8mb4_unicode_ci" })
	void base62IdsInACaseInsensitiveColumnAreRefusedAtStartup(String collation) throws SQLException {
		createTable(collation);
		this.runner.withPropertyValues(SEQUENCE + ".text=base62").run((context) -> {
			assertThat(context).hasFailed();
			Throwable cause = NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure());
			assertThat(cause).isInstanceOf(IdGeneratorConfigurationException.class)
				.hasMessageContainingAll(CollatedTicket.class.getName() + ".code", "table " + TABLE, "column code",
						collation, "crockford-base32", "utf8mb4_bin", SEQUENCE + ".text");
		});
	}

	@Test
	void base62IdsInABinaryColumnStartAndInsert() throws SQLException {
		createTable("utf8mb4_bin");
		this.runner.withPropertyValues(SEQUENCE + ".text=base62").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(persist(context, 40)).as("IDs 11 and 37 differ in case only").isEqualTo(40);
		});
	}

	@Test
	void crockfordBase32IdsInACaseInsensitiveColumnStartAndInsert() throws SQLException {
		createTable("utf8mb4_general_ci");
		this.runner.withPropertyValues(SEQUENCE + ".text=crockford-base32").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(persist(context, 40)).isEqualTo(40);
		});
	}

	@Test
	void base62IdsInACaseInsensitiveColumnOfAnotherDatabaseAreRefusedAtStartup() throws SQLException {
		String sequence = "idgen.sequences.idgen27_catalog_tickets";
		try (Connection connection = this.mariaDb.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute("CREATE DATABASE IF NOT EXISTS idgen27_catalog");
			statement.execute("DROP TABLE IF EXISTS idgen27_catalog.idgen27_catalog_tickets");
			statement.execute("CREATE TABLE idgen27_catalog.idgen27_catalog_tickets (code VARCHAR(13) CHARACTER SET "
					+ "utf8mb4 COLLATE utf8mb4_general_ci NOT NULL PRIMARY KEY)");
		}
		new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(HibernateJpaAutoConfiguration.class))
			.withUserConfiguration(CatalogEntities.class)
			.withBean(DataSource.class, () -> this.mariaDb)
			.withPropertyValues("spring.jpa.hibernate.ddl-auto=none", "idgen.jdbc.initialize-schema=always",
					sequence + ".text=base62", sequence + ".step=10", sequence + ".min-step=10")
			.run((context) -> {
				if (context.getStartupFailure() == null) {
					EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager();
					int inserted = 0;
					try {
						for (; inserted < 40; inserted++) {
							entityManager.getTransaction().begin();
							entityManager.persist(new CatalogTicket());
							entityManager.getTransaction().commit();
						}
					}
					catch (RuntimeException ex) {
						throw new AssertionError("Started, and insert " + (inserted + 1) + " failed: "
								+ NestedExceptionUtils.getMostSpecificCause(ex), ex);
					}
					finally {
						entityManager.close();
					}
				}
				assertThat(context).as("base62 under utf8mb4_general_ci in idgen27_catalog").hasFailed();
				assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
					.isInstanceOf(IdGeneratorConfigurationException.class)
					.hasMessageContainingAll(CatalogTicket.class.getName() + ".code", "utf8mb4_general_ci");
			});
	}

	private void createTable(String collation) throws SQLException {
		try (Connection connection = this.mariaDb.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + TABLE);
			statement.execute("CREATE TABLE " + TABLE + " (code VARCHAR(13) CHARACTER SET utf8mb4 COLLATE " + collation
					+ " NOT NULL PRIMARY KEY)");
			statement.execute("DELETE FROM idgen_segment WHERE sequence_name = '" + TABLE + "'");
		}
		catch (SQLException ex) {
			if (!ex.getMessage().contains("idgen_segment")) {
				throw ex;
			}
		}
	}

	private static int persist(AssertableApplicationContext context, int count) {
		EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager();
		try {
			for (int i = 0; i < count; i++) {
				entityManager.getTransaction().begin();
				entityManager.persist(new CollatedTicket());
				entityManager.getTransaction().commit();
			}
			return entityManager.createQuery("select count(t) from CollatedTicket t", Long.class)
				.getSingleResult()
				.intValue();
		}
		finally {
			entityManager.close();
		}
	}

	/**
	 * Return a data source of the same database that the application contexts cannot
	 * close, as they close the shared pool they are given.
	 */
	private static DataSource unpooled(DataSource shared) {
		HikariDataSource pool = (HikariDataSource) shared;
		return new DriverManagerDataSource(pool.getJdbcUrl(), pool.getUsername(), pool.getPassword());
	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = CollatedTicket.class)
	static class Entities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = CatalogTicket.class)
	static class CatalogEntities {

	}

}
