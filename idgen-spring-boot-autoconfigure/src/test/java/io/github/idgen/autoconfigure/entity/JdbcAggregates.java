package io.github.idgen.autoconfigure.entity;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.repository.config.EnableJdbcAuditing;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.data.relational.core.mapping.NamingStrategy;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.sql.IdentifierProcessing;
import org.springframework.data.repository.CrudRepository;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.entity.SequenceId;

/**
 * Spring Data JDBC aggregates marked {@link SequenceId}, their repositories, and an
 * application that saves them: each run has tables of its own, named
 * {@code <run>_<aggregate>} by its {@link NamingStrategy}, which the tests create with
 * the quoting Spring Data JDBC uses on the database.
 */
final class JdbcAggregates {

	private JdbcAggregates() {
	}

	/**
	 * Return a name for the tables of one run, unique across runs on a shared database.
	 * @return the name
	 */
	static String uniqueRun() {
		return "r" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
	}

	/**
	 * Return an application on the given database with idgen, Spring Data JDBC and the
	 * entity integration auto-configured, whose idgen table and aggregate tables are
	 * named after the run.
	 * @param dataSource the database, which no context closes
	 * @param run the run's name
	 * @return the runner
	 */
	static ApplicationContextRunner runner(DataSource dataSource, String run) {
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(JdbcTemplateAutoConfiguration.class,
					DataSourceTransactionManagerAutoConfiguration.class, DataJdbcRepositoriesAutoConfiguration.class))
			.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withBean(NamingStrategy.class, () -> new RunNamingStrategy(run))
			.withPropertyValues("idgen.jdbc.table=" + run + "_idgen", "idgen.jdbc.initialize-schema=always");
	}

	/**
	 * Create the table of an aggregate.
	 * @param context the application, for its database and quoting
	 * @param table the table's name
	 * @param idType the SQL type of the primary key {@code id}
	 * @param otherColumns further columns, name and SQL type in turn
	 */
	static void createTable(ApplicationContext context, String table, String idType, String... otherColumns) {
		StringBuilder sql = new StringBuilder(
				"create table " + quote(context, table) + " (" + quote(context, "id") + " " + idType + " primary key");
		for (int i = 0; i < otherColumns.length; i += 2) {
			sql.append(", ").append(quote(context, otherColumns[i])).append(" ").append(otherColumns[i + 1]);
		}
		context.getBean(JdbcTemplate.class).execute(sql.append(")").toString());
	}

	/**
	 * Return the number of rows of a table.
	 * @param context the application
	 * @param table the table's name
	 * @return the number of rows
	 */
	static long count(ApplicationContext context, String table) {
		return context.getBean(JdbcTemplate.class)
			.queryForObject("select count(*) from " + quote(context, table), Long.class);
	}

	/**
	 * Drop the given tables and the run's idgen table, where they exist.
	 * @param dataSource the database
	 * @param run the run's name
	 * @param context the application, for its quoting
	 * @param tables the aggregate tables
	 */
	static void dropTables(DataSource dataSource, String run, ApplicationContext context, String... tables) {
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		for (String table : tables) {
			jdbc.execute("drop table if exists " + quote(context, table));
		}
		jdbc.execute("drop table if exists " + run + "_idgen");
	}

	private static String quote(ApplicationContext context, String name) {
		IdentifierProcessing processing = context.getBean(Dialect.class).getIdentifierProcessing();
		return processing.quote(processing.standardizeLetterCase(name));
	}

	/**
	 * Names the table of each aggregate after the run.
	 */
	static final class RunNamingStrategy implements NamingStrategy {

		private final String run;

		RunNamingStrategy(String run) {
			this.run = run;
		}

		@Override
		public String getTableName(Class<?> type) {
			return this.run + "_" + NamingStrategy.super.getTableName(type);
		}

	}

	/**
	 * A mutable aggregate whose identifier draws from the sequence named like its table.
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
	 * A mutable aggregate with entities of its own, whose identifier draws from the
	 * sequence named like its table.
	 */
	public static class Basket {

		@Id
		@SequenceId
		Long id;

		String name;

		Set<Fruit> fruits = new HashSet<>();

		public Basket(Long id, String name) {
			this.id = id;
			this.name = name;
		}

	}

	/**
	 * An entity of a {@link Basket}.
	 *
	 * @param name its name
	 */
	public record Fruit(String name) {

	}

	/**
	 * An immutable aggregate with a primitive identifier from a named sequence.
	 *
	 * @param id the identifier
	 * @param name a name
	 */
	public record Ticket(@Id @SequenceId("ticket") long id, String name) {

	}

	/**
	 * An aggregate with a formatted text identifier.
	 *
	 * @param id the identifier
	 * @param name a name
	 */
	public record Invoice(@Id @SequenceId("invoice") String id, String name) {

	}

	/**
	 * A base class that declares the identifier with a type parameter, as Spring Data's
	 * {@code AbstractPersistable} does.
	 *
	 * @param <K> the identifier's type
	 */
	public abstract static class Keyed<K> {

		@Id
		@SequenceId
		K id;

	}

	/**
	 * An aggregate whose identifier is declared by its generic base class.
	 */
	public static class Part extends Keyed<Long> {

		String name;

	}

	/**
	 * An audited aggregate.
	 */
	public static class Note {

		@Id
		@SequenceId
		Long id;

		@CreatedDate
		Instant created;

	}

	/**
	 * {@link SequenceId} on a property that is not the identifier.
	 */
	public static class NumberNotId {

		@Id
		Long id;

		@SequenceId
		Long number;

	}

	/**
	 * {@link SequenceId} on an identifier of a type idgen cannot fill.
	 *
	 * @param id the identifier
	 */
	public record UuidId(@Id @SequenceId UUID id) {

	}

	/**
	 * A text identifier whose sequence has no format.
	 *
	 * @param id the identifier
	 */
	public record Unformatted(@Id @SequenceId("plain") String id) {

	}

	interface ItemRepository extends CrudRepository<Item, Long> {

	}

	interface BasketRepository extends CrudRepository<Basket, Long> {

	}

	interface TicketRepository extends CrudRepository<Ticket, Long> {

	}

	interface InvoiceRepository extends CrudRepository<Invoice, String> {

	}

	interface NoteRepository extends CrudRepository<Note, Long> {

	}

	interface PartRepository extends CrudRepository<Part, Long> {

	}

	interface NumberNotIdRepository extends CrudRepository<NumberNotId, Long> {

	}

	interface UuidIdRepository extends CrudRepository<UuidId, UUID> {

	}

	interface UnformattedRepository extends CrudRepository<Unformatted, String> {

	}

	/**
	 * Records the identifiers of the notes it sees: a callback that declares no order.
	 */
	static final class NoteIdsSeen implements BeforeConvertCallback<Note> {

		final List<Long> ids = new ArrayList<>();

		@Override
		public Note onBeforeConvert(Note note) {
			this.ids.add(note.id);
			return note;
		}

	}

	/**
	 * The repository of {@link Item}.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableJdbcRepositories(basePackageClasses = JdbcAggregates.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = ItemRepository.class))
	static class Items {

	}

	/**
	 * The repository of {@link Basket}.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableJdbcRepositories(basePackageClasses = JdbcAggregates.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = BasketRepository.class))
	static class Baskets {

	}

	/**
	 * The repositories of the aggregates that are mapped right, with auditing and a
	 * callback that declares no order. The sequence {@code invoice} needs a format.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableJdbcAuditing
	@EnableJdbcRepositories(basePackageClasses = JdbcAggregates.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = { ItemRepository.class,
					TicketRepository.class, InvoiceRepository.class, NoteRepository.class, PartRepository.class }))
	static class Valid {

		@Bean
		NoteIdsSeen noteIdsSeen() {
			return new NoteIdsSeen();
		}

	}

	/**
	 * The repository of {@link NumberNotId}.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableJdbcRepositories(basePackageClasses = JdbcAggregates.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = NumberNotIdRepository.class))
	static class NumberNotIds {

	}

	/**
	 * The repository of {@link UuidId}.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableJdbcRepositories(basePackageClasses = JdbcAggregates.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = UuidIdRepository.class))
	static class UuidIds {

	}

	/**
	 * The repository of {@link Unformatted}.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableJdbcRepositories(basePackageClasses = JdbcAggregates.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = UnformattedRepository.class))
	static class Unformatteds {

	}

}
