package io.github.idgen.autoconfigure.entity;

import java.util.List;

import javax.sql.DataSource;

import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.mybatis.spring.boot.autoconfigure.ConfigurationCustomizer;
import org.mybatis.spring.boot.autoconfigure.MybatisAutoConfiguration;

import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.entity.SequenceId;

/**
 * MyBatis entities marked {@link SequenceId}, their annotated mappers, and an application
 * that inserts them through mybatis-spring-boot-starter: each run has tables of its own,
 * {@code <run>_orders} and so on, which the mappers' SQL names through the MyBatis
 * configuration variables {@code orders}, {@code tickets} and {@code invoices}.
 */
final class MyBatisEntities {

	private MyBatisEntities() {
	}

	/**
	 * Return an application on the given database with idgen, MyBatis and the entity
	 * integration auto-configured, whose idgen table and entity tables are named after
	 * the run, and whose MyBatis configuration has the given mappers.
	 * @param dataSource the database, which no context closes
	 * @param run the run's name
	 * @param mappers the mapper interfaces
	 * @return the runner
	 */
	static ApplicationContextRunner runner(DataSource dataSource, String run, Class<?>... mappers) {
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(DataSourceTransactionManagerAutoConfiguration.class,
					MybatisAutoConfiguration.class))
			.withBean(DataSource.class, () -> new DelegatingDataSource(dataSource))
			.withBean(ConfigurationCustomizer.class, () -> (configuration) -> {
				for (String table : List.of("orders", "tickets", "invoices")) {
					configuration.getVariables().setProperty(table, run + "_" + table);
				}
				for (Class<?> mapper : mappers) {
					configuration.addMapper(mapper);
				}
			})
			.withPropertyValues("idgen.jdbc.table=" + run + "_idgen", "idgen.jdbc.initialize-schema=always");
	}

	/**
	 * Create the tables of a run.
	 * @param dataSource the database
	 * @param run the run's name
	 */
	static void createTables(DataSource dataSource, String run) {
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("create table " + run + "_orders (id bigint primary key, customer varchar(64) not null)");
		jdbc.execute("create table " + run + "_tickets (id bigint primary key, name varchar(64))");
		jdbc.execute("create table " + run + "_invoices (id varchar(32) primary key, name varchar(64))");
	}

	/**
	 * Drop the tables of a run and its idgen table, where they exist.
	 * @param dataSource the database
	 * @param run the run's name
	 */
	static void dropTables(DataSource dataSource, String run) {
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		for (String table : List.of("orders", "tickets", "invoices", "idgen")) {
			jdbc.execute("drop table if exists " + run + "_" + table);
		}
	}

	/**
	 * An order, its identifier drawn from the sequence {@code order} into its field.
	 */
	public static class Order {

		@SequenceId("order")
		private Long id;

		private String customer;

		public Order() {
		}

		public Order(String customer) {
			this.customer = customer;
		}

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}

		public String getCustomer() {
			return this.customer;
		}

		public void setCustomer(String customer) {
			this.customer = customer;
		}

	}

	/**
	 * A ticket with a primitive identifier, marked on its getter, that keeps identifiers
	 * the application assigns.
	 */
	public static class Ticket {

		private long id;

		private String name;

		public Ticket(long id, String name) {
			this.id = id;
			this.name = name;
		}

		@SequenceId(value = "ticket", allowAssigned = true)
		public long getId() {
			return this.id;
		}

		public void setId(long id) {
			this.id = id;
		}

		public String getName() {
			return this.name;
		}

	}

	/**
	 * An invoice with a formatted text identifier, declared by its base class.
	 */
	public static class Invoice extends Numbered<String> {

		public String name;

		public Invoice(String name) {
			this.name = name;
		}

	}

	/**
	 * A base class that declares the identifier with a type parameter.
	 *
	 * @param <K> the identifier's type
	 */
	public abstract static class Numbered<K> {

		@SequenceId("invoice")
		public K id;

	}

	/**
	 * {@link SequenceId} on an identifier of a type idgen cannot fill.
	 */
	public static class IntKeyed {

		@SequenceId("int")
		public Integer id;

	}

	/**
	 * {@link SequenceId} without a sequence name.
	 */
	public static class Unnamed {

		@SequenceId
		public Long id;

	}

	/**
	 * A record, whose identifier cannot be set.
	 *
	 * @param id the identifier
	 * @param name a name
	 */
	public record Pass(@SequenceId("pass") Long id, String name) {

	}

	/**
	 * The statements of orders.
	 */
	interface OrderMapper {

		@Insert("insert into ${orders} (id, customer) values (#{id}, #{customer})")
		int insert(Order order);

		@Insert("<script>insert into ${orders} (id, customer) values "
				+ "<foreach collection='list' item='order' separator=','>(#{order.id}, #{order.customer})</foreach>"
				+ "</script>")
		int insertAll(List<Order> orders);

		@Insert("<script>insert into ${orders} (id, customer) values "
				+ "<foreach collection='array' item='order' separator=','>(#{order.id}, #{order.customer})</foreach>"
				+ "</script>")
		int insertArray(Order[] orders);

		@Insert("<script>insert into ${orders} (id, customer) values "
				+ "<foreach collection='batch' item='order' separator=','>(#{order.id}, #{customer})</foreach>"
				+ "</script>")
		int insertFor(@Param("customer") String customer, @Param("batch") List<Order> orders);

		@Update("update ${orders} set customer = #{customer} where id = #{id}")
		int update(Order order);

		@Select("select count(*) from ${orders}")
		long count();

		@Select("select customer from ${orders} where id = #{id}")
		String customerOf(long id);

	}

	/**
	 * The statements of tickets and invoices.
	 */
	interface TicketMapper {

		@Insert("insert into ${tickets} (id, name) values (#{id}, #{name})")
		int insert(Ticket ticket);

		@Insert("insert into ${invoices} (id, name) values (#{id}, #{name})")
		int insertInvoice(Invoice invoice);

	}

	/**
	 * Inserts {@link IntKeyed}.
	 */
	interface IntKeyedMapper {

		@Insert("insert into t (id) values (#{id})")
		int insert(IntKeyed entity);

	}

	/**
	 * Inserts {@link IntKeyed} in a list, with the name of the table.
	 */
	interface IntKeyedListMapper {

		@Insert("<script>insert into ${table} (id) values "
				+ "<foreach collection='entities' item='entity' separator=','>(#{entity.id})</foreach></script>")
		int insertAll(@Param("table") String table, @Param("entities") List<IntKeyed> entities);

	}

	/**
	 * Inserts {@link Unnamed}.
	 */
	interface UnnamedMapper {

		@Insert("insert into t (id) values (#{id})")
		int insert(Unnamed entity);

	}

	/**
	 * Inserts {@link Pass}.
	 */
	interface PassMapper {

		@Insert("insert into t (id) values (#{id})")
		int insert(Pass entity);

	}

}
