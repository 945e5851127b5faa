package io.github.idgen.autoconfigure.entity;

import java.net.URI;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.r2dbc.h2.H2ConnectionFactory;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import reactor.core.publisher.Flux;

import org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.annotation.Id;
import org.springframework.data.r2dbc.core.R2dbcEntityTemplate;
import org.springframework.data.r2dbc.repository.config.EnableR2dbcRepositories;
import org.springframework.data.relational.core.mapping.NamingStrategy;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.r2dbc.core.DatabaseClient;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.r2dbc.R2dbcSequenceIdCallback;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link R2dbcSequenceIdConfiguration}: Spring Data R2DBC entities marked
 * {@link SequenceId}, saved through {@link R2dbcEntityTemplate} and reactive repositories
 * to H2 (r2dbc-h2) and PostgreSQL (r2dbc-postgresql), with idgen drawing from segments of
 * a JDBC table, as an R2DBC application that runs idgen on its database through JDBC
 * does.
 */
class R2dbcSequenceIdTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("H2", (Supplier<DataSource>) TestBackends::h2),
				Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres));
	}

	private static ApplicationContextRunner runner(DataSource dataSource, String run) {
		ConnectionFactory connections = connectionFactory(dataSource, run);
		return new ApplicationContextRunner()
			.withConfiguration(
					IdgenAutoConfigurations.of(R2dbcAutoConfiguration.class, DataR2dbcAutoConfiguration.class))
			.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withBean(ConnectionFactory.class, () -> connections)
			.withBean(NamingStrategy.class, () -> new JdbcAggregates.RunNamingStrategy(run))
			.withUserConfiguration(Repositories.class)
			.withPropertyValues("idgen.jdbc.table=" + run + "_idgen", "idgen.jdbc.initialize-schema=always",
					"idgen.sequences.invoice.format=INV-{seq:6}");
	}

	/**
	 * Return an R2DBC connection factory on the database of a JDBC data source: a
	 * database of its own on H2, in memory, and the same database on PostgreSQL.
	 */
	private static ConnectionFactory connectionFactory(DataSource dataSource, String run) {
		try (Connection connection = dataSource.getConnection()) {
			String url = connection.getMetaData().getURL();
			if (url.startsWith("jdbc:h2:")) {
				return H2ConnectionFactory.inMemory(run);
			}
			URI uri = URI.create(url.substring("jdbc:".length()));
			return ConnectionFactories.get(ConnectionFactoryOptions.builder()
				.option(ConnectionFactoryOptions.DRIVER, "pool")
				.option(ConnectionFactoryOptions.PROTOCOL, "postgresql")
				.option(ConnectionFactoryOptions.HOST, uri.getHost())
				.option(ConnectionFactoryOptions.PORT, (uri.getPort() != -1) ? uri.getPort() : 5432)
				.option(ConnectionFactoryOptions.DATABASE, uri.getPath().substring(1))
				.option(ConnectionFactoryOptions.USER, connection.getMetaData().getUserName())
				.build());
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void createTables(ApplicationContext context, String run) {
		DatabaseClient client = context.getBean(DatabaseClient.class);
		client.sql("create table " + run + "_item (id bigint primary key, name varchar(64) unique)")
			.then()
			.block(TIMEOUT);
		client.sql("create table " + run + "_invoice (id varchar(32) primary key, name varchar(64))")
			.then()
			.block(TIMEOUT);
	}

	private static void dropTables(ApplicationContext context, String run) {
		DatabaseClient client = context.getBean(DatabaseClient.class);
		for (String table : List.of("item", "invoice", "idgen")) {
			client.sql("drop table if exists " + run + "_" + table).then().block(TIMEOUT);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void fillsUnsetIdentifiersFromTheSequenceOfTheTableAndKeepsSetOnes(String name, Supplier<DataSource> database) {
		String run = JdbcAggregates.uniqueRun();
		runner(database.get(), run).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(R2dbcSequenceIdCallback.class);
			createTables(context, run);
			try {
				ItemRepository items = context.getBean(ItemRepository.class);
				Item first = new Item(null, "first");
				assertThat(items.save(first).block(TIMEOUT)).isSameAs(first);
				assertThat(first.id).isEqualTo(1L);
				R2dbcEntityTemplate template = context.getBean(R2dbcEntityTemplate.class);
				assertThat(template.insert(new Item(null, "second")).block(TIMEOUT).id).isEqualTo(2L);
				assertThat(context.getBean(IdGenerator.class).nextId(run + "_item")).isEqualTo(3L);
				assertThat(template.insert(new Item(42L, "mine")).block(TIMEOUT).id).isEqualTo(42L);
				assertThat(items.findById(42L).block(TIMEOUT).name).isEqualTo("mine");
				first.name = "renamed";
				assertThat(items.save(first).block(TIMEOUT).id).as("a saved entity is updated").isEqualTo(1L);
				assertThat(items.findById(1L).block(TIMEOUT).name).isEqualTo("renamed");
				assertThat(items.count().block(TIMEOUT)).isEqualTo(3);
			}
			finally {
				dropTables(context, run);
			}
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void fillsImmutableEntitiesWithTextIdentifiersFromAFormattedSequence(String name, Supplier<DataSource> database) {
		String run = JdbcAggregates.uniqueRun();
		runner(database.get(), run).run((context) -> {
			createTables(context, run);
			try {
				InvoiceRepository invoices = context.getBean(InvoiceRepository.class);
				Invoice unsaved = new Invoice(null, "March");
				assertThat(invoices.save(unsaved).block(TIMEOUT).id()).isEqualTo("INV-000001");
				assertThat(unsaved.id()).isNull();
				assertThat(invoices.findById("INV-000001").block(TIMEOUT))
					.isEqualTo(new Invoice("INV-000001", "March"));
			}
			finally {
				dropTables(context, run);
			}
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aFailedSaveRetriedWithTheSameMutableInstanceInsertsItWithTheSameIdentifier(String name,
			Supplier<DataSource> database) {
		String run = JdbcAggregates.uniqueRun();
		runner(database.get(), run).run((context) -> {
			createTables(context, run);
			try {
				ItemRepository items = context.getBean(ItemRepository.class);
				items.save(new Item(null, "taken")).block(TIMEOUT);
				Item item = new Item(null, "taken");
				assertThatExceptionOfType(DataIntegrityViolationException.class)
					.isThrownBy(() -> items.save(item).block(TIMEOUT));
				assertThat(item.id).as("the identifier drawn for the failed save").isEqualTo(2L);
				item.name = "free";
				assertThat(items.save(item).block(TIMEOUT)).isSameAs(item);
				assertThat(item.id).isEqualTo(2L);
				assertThat(items.findById(2L).block(TIMEOUT).name).isEqualTo("free");
				assertThat(items.count().block(TIMEOUT)).isEqualTo(2);
				item.name = "renamed";
				items.save(item).block(TIMEOUT);
				assertThat(items.findById(2L).block(TIMEOUT).name).as("saved again: updated").isEqualTo("renamed");
				Item inserted = new Item(null, "taken");
				assertThatExceptionOfType(DataIntegrityViolationException.class)
					.isThrownBy(() -> items.save(inserted).block(TIMEOUT));
				inserted.name = "by insert";
				R2dbcEntityTemplate template = context.getBean(R2dbcEntityTemplate.class);
				assertThat(template.insert(inserted).block(TIMEOUT).id).isEqualTo(3L);
				assertThat(items.count().block(TIMEOUT)).isEqualTo(3);
				assertThat(context.getBean(IdGenerator.class).nextId(run + "_item")).as("no other identifier drawn")
					.isEqualTo(4L);
			}
			finally {
				dropTables(context, run);
			}
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aFailedSaveRetriedWithTheSameImmutableInstanceIsInsertedWithANewIdentifier(String name,
			Supplier<DataSource> database) {
		String run = JdbcAggregates.uniqueRun();
		runner(database.get(), run).run((context) -> {
			createTables(context, run);
			try {
				InvoiceRepository invoices = context.getBean(InvoiceRepository.class);
				Invoice invoice = new Invoice(null, "March");
				invoices.save(invoice).block(TIMEOUT);
				DatabaseClient client = context.getBean(DatabaseClient.class);
				client.sql("alter table " + run + "_invoice add constraint " + run + "_unique_name unique (name)")
					.then()
					.block(TIMEOUT);
				assertThatExceptionOfType(DataIntegrityViolationException.class)
					.isThrownBy(() -> invoices.save(invoice).block(TIMEOUT));
				assertThat(invoice.id()).as("the caller's instance").isNull();
				client.sql("alter table " + run + "_invoice drop constraint " + run + "_unique_name")
					.then()
					.block(TIMEOUT);
				assertThat(invoices.save(invoice).block(TIMEOUT).id()).isEqualTo("INV-000003");
				assertThat(invoices.count().block(TIMEOUT)).isEqualTo(2);
			}
			finally {
				dropTables(context, run);
			}
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void instancesSavingConcurrentlyNeverGiveTwoEntitiesOneIdentifier(String name, Supplier<DataSource> database) {
		DataSource dataSource = database.get();
		String run = JdbcAggregates.uniqueRun();
		String table = run + "_item";
		ApplicationContextRunner runner = runner(dataSource, run).withPropertyValues(
				"idgen.sequences." + table + ".step=10", "idgen.sequences." + table + ".min-step=10",
				"idgen.sequences." + table + ".max-step=200");
		runner.run((first) -> runner.run((second) -> {
			createTables(first, run);
			try {
				int perInstance = 2_000;
				List<Long> ids = Flux.just(first, second)
					.flatMap((instance) -> Flux.range(0, perInstance)
						.flatMap((i) -> instance.getBean(ItemRepository.class).save(new Item(null, null)), 16))
					.map((item) -> item.id)
					.collectList()
					.block(Duration.ofMinutes(2));
				assertThat(ids).hasSize(2 * perInstance).doesNotContainNull().doesNotHaveDuplicates();
				assertThat(first.getBean(ItemRepository.class).count().block(TIMEOUT)).isEqualTo(2 * perInstance);
			}
			finally {
				dropTables(first, run);
			}
		}));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void failsAtStartupOnMappingMistakes(String name, Supplier<DataSource> database) {
		String run = JdbcAggregates.uniqueRun();
		runner(database.get(), run).withUserConfiguration(MisplacedRepositories.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(cause(context.getStartupFailure(), SequenceIdMappingException.class))
				.hasMessageContaining("@SequenceId on " + Misplaced.class.getName() + ".number")
				.hasMessageContaining("Move @SequenceId to the property annotated @Id");
		});
		runner(database.get(), run).withUserConfiguration(CouponRepositories.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(cause(context.getStartupFailure(), IdGeneratorConfigurationException.class).getName())
				.isEqualTo("idgen.sequences.coupon.format");
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void switchedOffRegistersNoCallback(String name, Supplier<DataSource> database) {
		runner(database.get(), JdbcAggregates.uniqueRun()).withPropertyValues("idgen.entities.r2dbc.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(R2dbcSequenceIdCallback.class));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void entitiesUnknownAtStartupAreCheckedWhenFirstSaved(String name, Supplier<DataSource> database) {
		runner(database.get(), JdbcAggregates.uniqueRun())
			.run((context) -> assertThatExceptionOfType(SequenceIdMappingException.class)
				.isThrownBy(() -> context.getBean(R2dbcEntityTemplate.class).insert(new Misplaced()).block(TIMEOUT))
				.withMessageContaining("@SequenceId on " + Misplaced.class.getName() + ".number"));
	}

	private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
		Throwable cause = failure;
		while (cause != null && !type.isInstance(cause)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("cause of %s", failure).isInstanceOf(type);
		return type.cast(Objects.requireNonNull(cause));
	}

	/**
	 * A mutable entity whose identifier draws from the sequence named like its table.
	 */
	public static class Item {

		@Id
		@SequenceId
		Long id;

		String name;

		public Item(Long id, String name) {
			this.id = id;
			this.name = name;
		}

	}

	/**
	 * An immutable entity with a formatted text identifier.
	 *
	 * @param id the identifier
	 * @param name a name
	 */
	public record Invoice(@Id @SequenceId("invoice") String id, String name) {

	}

	/**
	 * {@link SequenceId} on a property that is not the identifier.
	 */
	public static class Misplaced {

		@Id
		Long id;

		@SequenceId
		Long number;

	}

	/**
	 * A text identifier whose sequence has no format.
	 *
	 * @param id the identifier
	 */
	public record Coupon(@Id @SequenceId("coupon") String id) {

	}

	interface ItemRepository extends ReactiveCrudRepository<Item, Long> {

	}

	interface InvoiceRepository extends ReactiveCrudRepository<Invoice, String> {

	}

	interface MisplacedRepository extends ReactiveCrudRepository<Misplaced, Long> {

	}

	interface CouponRepository extends ReactiveCrudRepository<Coupon, String> {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableR2dbcRepositories(basePackageClasses = R2dbcSequenceIdTests.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE,
					classes = { ItemRepository.class, InvoiceRepository.class }))
	static class Repositories {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableR2dbcRepositories(basePackageClasses = R2dbcSequenceIdTests.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = MisplacedRepository.class))
	static class MisplacedRepositories {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableR2dbcRepositories(basePackageClasses = R2dbcSequenceIdTests.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = CouponRepository.class))
	static class CouponRepositories {

	}

}
