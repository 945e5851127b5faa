package io.github.idgen.autoconfigure;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import javax.sql.DataSource;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.endpoint.IdGeneratorEndpoint;
import io.github.idgen.autoconfigure.endpoint.IdGeneratorEndpointAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthIndicator;
import io.github.idgen.autoconfigure.metrics.IdGeneratorMetricsAutoConfiguration;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.striped.StripeStatus;
import io.github.idgen.segment.striped.StripedSegmentStore;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the JDBC backend striped over {@code idgen.jdbc.data-sources}: PostgreSQL,
 * MariaDB and H2 as three stripes, with health, the endpoint and metrics, and the
 * configurations that cannot work.
 */
class StripedJdbcBackendAutoConfigurationTests {

	private static final DataSource H2 = TestBackends.h2();

	private final String table = "idgen_striped_" + UUID.randomUUID().toString().substring(0, 8);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(IdGeneratorHealthContributorAutoConfiguration.class,
				IdGeneratorEndpointAutoConfiguration.class, IdGeneratorMetricsAutoConfiguration.class))
		.withBean(SimpleMeterRegistry.class)
		.withBean("idsPostgres", DataSource.class, () -> new DelegatingDataSource(TestBackends.postgres()))
		.withBean("idsMariaDb", DataSource.class, () -> new DelegatingDataSource(TestBackends.mariaDb()))
		.withBean("idsH2", DataSource.class, () -> new DelegatingDataSource(H2))
		.withPropertyValues("idgen.backend=jdbc", "idgen.jdbc.table=" + this.table,
				"idgen.jdbc.initialize-schema=always", "management.endpoints.web.exposure.include=idgen");

	@AfterEach
	void dropTables() {
		for (DataSource dataSource : List.of(TestBackends.postgres(), TestBackends.mariaDb(), H2)) {
			new JdbcTemplate(dataSource).execute("DROP TABLE IF EXISTS " + this.table);
		}
	}

	@Test
	void servesIdsFromEveryStripeAndShowsEachStoreInHealthEndpointAndMetrics() {
		this.runner
			.withPropertyValues("idgen.jdbc.data-sources=idsPostgres,idsMariaDb,idsH2", "idgen.segment.step=10",
					"idgen.segment.min-step=10", "idgen.segment.max-step=10")
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(StripedSegmentStore.class)
					.doesNotHaveBean(JdbcSegmentStore.class);
				IdGenerator ids = context.getBean(IdGenerator.class);
				Set<Long> residues = new HashSet<>();
				Set<Long> unique = new HashSet<>();
				long last = 0;
				for (int i = 0; i < 100; i++) {
					long id = ids.nextId("order");
					assertThat(id).isGreaterThan(last);
					last = id;
					assertThat(unique.add(id)).isTrue();
					residues.add(id % 3);
				}
				assertThat(residues).containsExactlyInAnyOrder(0L, 1L, 2L);
				Health health = context.getBean(IdGeneratorHealthIndicator.class).health();
				assertThat(health.getStatus()).isEqualTo(Status.UP);
				@SuppressWarnings("unchecked")
				Map<String, Object> jdbc = (Map<String, Object>) ((Map<String, Object>) health.getDetails()
					.get("backends")).get("jdbc");
				assertThat(jdbc).containsEntry("status", "UP").containsEntry("generation", 1);
				@SuppressWarnings("unchecked")
				Map<String, Map<String, Object>> stores = (Map<String, Map<String, Object>>) jdbc.get("stores");
				assertThat(stores).containsOnlyKeys("idsPostgres", "idsMariaDb", "idsH2");
				assertThat(stores.get("idsMariaDb")).containsEntry("status", "UP")
					.containsEntry("stripe", "IDs = 1 (mod 3)")
					.containsEntry("generation", 1);
				Map<String, Object> endpoint = context.getBean(IdGeneratorEndpoint.class).sequences();
				assertThat(endpoint).containsKey("stores");
				assertThat(endpoint.get("stores").toString()).contains("idsPostgres", "IDs = 0 (mod 3)");
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				double segments = 0;
				List<String> names = List.of("idsPostgres", "idsMariaDb", "idsH2");
				for (String store : names) {
					assertThat(registry.get("idgen.stripe.up").tag("store", store).gauge().value()).isEqualTo(1);
					assertThat(registry.get("idgen.stripe.index").tag("store", store).gauge().value())
						.isEqualTo(names.indexOf(store));
					assertThat(registry.get("idgen.stripe.generation").tag("store", store).gauge().value())
						.isEqualTo(1);
					double served = registry.get("idgen.stripe.segments").tag("store", store).functionCounter().count();
					assertThat(served).isPositive();
					segments += served;
				}
				assertThat(segments).isGreaterThanOrEqualTo(10);
				assertThat(context.getBean(StripedSegmentStore.class).stripes())
					.allSatisfy((state) -> assertThat(state.status()).isEqualTo(StripeStatus.UP));
			});
	}

	@Test
	void storesListedInAnotherOrderThanRecordedFailAtStartupNamingTheProperties() {
		this.runner.withPropertyValues("idgen.jdbc.data-sources=idsPostgres,idsMariaDb")
			.run((context) -> assertThat(context).hasNotFailed());
		this.runner.withPropertyValues("idgen.jdbc.data-sources=idsMariaDb,idsPostgres").run((context) -> {
			IdGeneratorConfigurationExceptionAssert
				.of(StartupFailures.invalidProperty(context, "idgen.jdbc.data-sources"))
				.describes("'idsMariaDb' is stripe 1 of 2 in generation 1", "lists it as stripe 0 of 2")
				.advises("idgen.jdbc.stripe-generation", "idgen.jdbc.retired-data-sources");
		});
	}

	@Test
	void restripingWithTheNextGenerationAddsAStore() {
		this.runner.withPropertyValues("idgen.jdbc.data-sources=idsPostgres,idsMariaDb").run((context) -> {
			for (int i = 0; i < 50; i++) {
				context.getBean(IdGenerator.class).nextId("order");
			}
		});
		this.runner
			.withPropertyValues("idgen.jdbc.data-sources=idsPostgres,idsMariaDb,idsH2",
					"idgen.jdbc.stripe-generation=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(StripedSegmentStore.class).stripes())
					.allSatisfy((state) -> assertThat(state.layout().count()).isEqualTo(3));
				assertThat(context.getBean(IdGenerator.class).nextId("order")).isGreaterThan(50);
			});
		this.runner.withPropertyValues("idgen.jdbc.data-sources=idsPostgres,idsMariaDb").run((context) -> {
			IdGeneratorConfigurationExceptionAssert
				.of(StartupFailures.invalidProperty(context, "idgen.jdbc.data-sources"))
				.describes("newer than the configured generation 1");
		});
	}

	@Test
	void unknownDataSourceNameFailsAtStartup() {
		this.runner.withPropertyValues("idgen.jdbc.data-sources=idsPostgres,idsOracle").run((context) -> {
			IdGeneratorConfigurationExceptionAssert
				.of(StartupFailures.invalidProperty(context, "idgen.jdbc.data-sources"))
				.describes("'idsOracle'", "idsH2");
		});
	}

	@Test
	void dataSourceAndDataSourcesTogetherFailAtStartup() {
		this.runner.withPropertyValues("idgen.jdbc.data-sources=idsPostgres", "idgen.jdbc.data-source=idsH2")
			.run((context) -> {
				IdGeneratorConfigurationExceptionAssert
					.of(StartupFailures.invalidProperty(context, "idgen.jdbc.data-sources"))
					.describes("idgen.jdbc.data-source (idsH2)");
			});
	}

	@Test
	void aDataSourceListedTwiceFailsAtStartup() {
		this.runner
			.withPropertyValues("idgen.jdbc.data-sources=idsPostgres,idsH2",
					"idgen.jdbc.retired-data-sources=idsPostgres")
			.run((context) -> {
				IdGeneratorConfigurationExceptionAssert
					.of(StartupFailures.invalidProperty(context, "idgen.jdbc.data-sources"))
					.describes("'idsPostgres' is listed twice");
			});
	}

	@Test
	void stripeGenerationBelowOneFailsAtStartup() {
		this.runner.withPropertyValues("idgen.jdbc.data-sources=idsPostgres", "idgen.jdbc.stripe-generation=0")
			.run((context) -> StartupFailures.invalidProperty(context, "idgen.jdbc.stripe-generation"));
	}

	@Test
	void boundedSequenceFailsAtStartup() {
		this.runner
			.withPropertyValues("idgen.jdbc.data-sources=idsPostgres,idsH2", "idgen.sequences.ticket.max-value=999")
			.run((context) -> {
				IdGeneratorConfigurationExceptionAssert
					.of(StartupFailures.invalidProperty(context, "idgen.sequences.ticket.max-value"))
					.describes("striped");
			});
	}

	/**
	 * With {@code initialize-schema: embedded} (the default), idgen creates no table on
	 * PostgreSQL or MariaDB. Every store then fails at startup as if it did not answer:
	 * the application starts, and every call fails with
	 * {@link io.github.idgen.BackendUnavailableException}.
	 */
	@Test
	void missingTablesFailAtStartupNamingTheTable() {
		this.runner
			.withPropertyValues("idgen.jdbc.data-sources=idsPostgres,idsMariaDb",
					"idgen.jdbc.initialize-schema=embedded")
			.run((context) -> {
				IdGeneratorConfigurationExceptionAssert
					.of(StartupFailures.invalidProperty(context, "idgen.jdbc.initialize-schema"))
					.describes("table '" + this.table + "'", "does not exist", "idsPostgres", "idsMariaDb")
					.advises("idgen.jdbc.initialize-schema=always");
			});
	}

	/**
	 * An instance configured with one DataSource whose table is striped hands out IDs of
	 * every stripe from it, next to the striped instances: the start must refuse it.
	 */
	@Test
	void oneDataSourceWhoseTableIsStripedFailsAtStartup() {
		this.runner.withPropertyValues("idgen.jdbc.data-sources=idsPostgres,idsMariaDb")
			.run((context) -> assertThat(context).hasNotFailed());
		this.runner.withPropertyValues("idgen.jdbc.data-source=idsPostgres").run((context) -> {
			IdGeneratorConfigurationExceptionAssert
				.of(StartupFailures.invalidProperty(context, "idgen.jdbc.data-sources"))
				.describes("'" + this.table + "'", "generation 1");
		});
	}

	/**
	 * Assertions on the description and the action of a configuration failure.
	 */
	private record IdGeneratorConfigurationExceptionAssert(IdGeneratorConfigurationException exception) {

		static IdGeneratorConfigurationExceptionAssert of(IdGeneratorConfigurationException exception) {
			return new IdGeneratorConfigurationExceptionAssert(exception);
		}

		IdGeneratorConfigurationExceptionAssert describes(String... parts) {
			assertThat(this.exception.getDescription()).contains(parts);
			return this;
		}

		IdGeneratorConfigurationExceptionAssert advises(String... parts) {
			assertThat(this.exception.getAction()).contains(parts);
			return this;
		}

	}

}
