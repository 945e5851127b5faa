package io.github.idgen.autoconfigure.entity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.apache.ibatis.session.ExecutorType;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mybatis.spring.SqlSessionFactoryBean;
import org.mybatis.spring.SqlSessionTemplate;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ContextConsumer;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.entity.MyBatisEntities.IntKeyedListMapper;
import io.github.idgen.autoconfigure.entity.MyBatisEntities.IntKeyedMapper;
import io.github.idgen.autoconfigure.entity.MyBatisEntities.Invoice;
import io.github.idgen.autoconfigure.entity.MyBatisEntities.Order;
import io.github.idgen.autoconfigure.entity.MyBatisEntities.OrderMapper;
import io.github.idgen.autoconfigure.entity.MyBatisEntities.PassMapper;
import io.github.idgen.autoconfigure.entity.MyBatisEntities.Ticket;
import io.github.idgen.autoconfigure.entity.MyBatisEntities.TicketMapper;
import io.github.idgen.autoconfigure.entity.MyBatisEntities.UnnamedMapper;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.mybatis.AssignedSequenceIdException;
import io.github.idgen.entity.mybatis.MyBatisSequenceIdInterceptor;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * {@link MyBatisSequenceIdConfiguration}: MyBatis entities marked
 * {@link io.github.idgen.entity.SequenceId}, inserted through annotated mappers on H2 and
 * PostgreSQL.
 */
class MyBatisSequenceIdTests {

	private final String run = JdbcAggregates.uniqueRun();

	private final List<DataSource> used = new ArrayList<>();

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("H2", (Supplier<DataSource>) TestBackends::h2),
				Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres));
	}

	@AfterEach
	void dropTables() {
		this.used.forEach((dataSource) -> MyBatisEntities.dropTables(dataSource, this.run));
	}

	private ApplicationContextRunner runner(Supplier<DataSource> database, Class<?>... mappers) {
		DataSource dataSource = database.get();
		this.used.add(dataSource);
		return MyBatisEntities.runner(dataSource, this.run, mappers)
			.withPropertyValues("idgen.sequences.invoice.format=INV-{seq:6}");
	}

	private ContextConsumer<AssertableApplicationContext> withTables(
			ContextConsumer<AssertableApplicationContext> test) {
		return (context) -> {
			assertThat(context).hasNotFailed();
			MyBatisEntities.createTables(this.used.get(this.used.size() - 1), this.run);
			test.accept(context);
		};
	}

	private static OrderMapper orders(AssertableApplicationContext context) {
		return context.getBean(SqlSessionTemplate.class).getMapper(OrderMapper.class);
	}

	private static long nextOrderId(AssertableApplicationContext context) {
		return context.getBean(IdGenerator.class).nextId("order");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void singleInsertDrawsTheIdentifierBeforeTheStatementRuns(String name, Supplier<DataSource> database) {
		runner(database, OrderMapper.class).run(withTables((context) -> {
			Order order = new Order("first");
			assertThat(orders(context).insert(order)).isOne();
			assertThat(order.getId()).isEqualTo(1L);
			assertThat(orders(context).customerOf(1L)).isEqualTo("first");
			assertThat(nextOrderId(context)).isEqualTo(2L);
		}));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void multiRowInsertsDrawOneIdentifierPerEntityInTheirOrder(String name, Supplier<DataSource> database) {
		runner(database, OrderMapper.class).run(withTables((context) -> {
			OrderMapper mapper = orders(context);
			List<Order> list = orders(5);
			assertThat(mapper.insertAll(list)).isEqualTo(5);
			assertThat(list).extracting(Order::getId).containsExactly(1L, 2L, 3L, 4L, 5L);
			Order[] array = orders(3).toArray(Order[]::new);
			assertThat(mapper.insertArray(array)).isEqualTo(3);
			assertThat(array).extracting(Order::getId).containsExactly(6L, 7L, 8L);
			List<Order> named = orders(2);
			assertThat(mapper.insertFor("named", named)).isEqualTo(2);
			assertThat(named).extracting(Order::getId).containsExactly(9L, 10L);
			assertThat(mapper.count()).isEqualTo(10);
			assertThat(mapper.customerOf(10L)).isEqualTo("named");
		}));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void batchExecutorInsertsEveryEntityWithItsOwnIdentifier(String name, Supplier<DataSource> database) {
		runner(database, OrderMapper.class).run(withTables((context) -> {
			List<Order> batch = orders(100);
			try (SqlSession session = context.getBean(SqlSessionFactory.class).openSession(ExecutorType.BATCH)) {
				OrderMapper mapper = session.getMapper(OrderMapper.class);
				batch.forEach(mapper::insert);
				mapper.insertAll(orders(10));
				session.commit();
			}
			assertThat(batch).extracting(Order::getId)
				.containsExactlyElementsOf(LongStream.rangeClosed(1, 100).boxed().toList());
			assertThat(orders(context).count()).isEqualTo(110);
		}));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void assignedIdentifierFailsTheInsertBeforeAnythingIsDrawnOrWritten(String name, Supplier<DataSource> database) {
		runner(database, OrderMapper.class).run(withTables((context) -> {
			Order mine = new Order("mine");
			mine.setId(42L);
			List<Order> list = new ArrayList<>(orders(2));
			list.add(mine);
			assertThatException().isThrownBy(() -> orders(context).insertAll(list))
				.withRootCauseInstanceOf(AssignedSequenceIdException.class)
				.withMessageContaining("Order.id: an instance was inserted with id 42 set by the application")
				.withMessageContaining("allowAssigned = true");
			assertThat(list.get(0).getId()).isNull();
			assertThat(orders(context).count()).isZero();
			assertThat(nextOrderId(context)).isEqualTo(1L);
		}));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void allowAssignedKeepsAssignedIdentifiersAndDrawsUnsetPrimitiveOnes(String name, Supplier<DataSource> database) {
		runner(database, TicketMapper.class).run(withTables((context) -> {
			TicketMapper tickets = context.getBean(SqlSessionTemplate.class).getMapper(TicketMapper.class);
			Ticket mine = new Ticket(42L, "mine");
			tickets.insert(mine);
			assertThat(mine.getId()).isEqualTo(42L);
			Ticket drawn = new Ticket(0L, "drawn");
			tickets.insert(drawn);
			assertThat(drawn.getId()).isEqualTo(1L);
			Invoice invoice = new Invoice("text");
			tickets.insertInvoice(invoice);
			assertThat(invoice.id).isEqualTo("INV-000001");
		}));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void insertRetriedAfterAFailureKeepsTheIdentifierItDrew(String name, Supplier<DataSource> database) {
		runner(database, OrderMapper.class).run(withTables((context) -> {
			Order order = new Order(null);
			assertThatException().isThrownBy(() -> orders(context).insert(order));
			assertThat(order.getId()).isEqualTo(1L);
			order.setCustomer("retried");
			orders(context).insert(order);
			assertThat(orders(context).customerOf(1L)).isEqualTo("retried");
			Order copy = new Order("copy");
			copy.setId(1L);
			assertThatException().isThrownBy(() -> orders(context).insert(copy))
				.withRootCauseInstanceOf(AssignedSequenceIdException.class);
		}));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void updatesAreLeftAlone(String name, Supplier<DataSource> database) {
		runner(database, OrderMapper.class).run(withTables((context) -> {
			Order order = new Order("unsaved");
			assertThat(orders(context).update(order)).isZero();
			assertThat(order.getId()).isNull();
			assertThat(nextOrderId(context)).isEqualTo(1L);
		}));
	}

	@Test
	void anIdentifierOfATypeIdgenCannotFillFailsAtStartup() {
		runner(TestBackends::h2, IntKeyedMapper.class).run((context) -> assertThat(context).getFailure()
			.isInstanceOf(SequenceIdMappingException.class)
			.hasMessageContaining("@SequenceId on " + MyBatisEntities.IntKeyed.class.getName() + ".id")
			.hasMessageContaining("java.lang.Integer")
			.hasMessageContaining("Declare id as Long or long"));
	}

	@Test
	void anEntityAMapperMethodInsertsInACollectionIsCheckedAtStartup() {
		runner(TestBackends::h2, IntKeyedListMapper.class).run((context) -> assertThat(context).getFailure()
			.isInstanceOf(SequenceIdMappingException.class)
			.hasMessageContaining("@SequenceId on " + MyBatisEntities.IntKeyed.class.getName() + ".id")
			.hasMessageContaining("java.lang.Integer"));
	}

	@Test
	void anIdentifierWithoutASequenceNameFailsAtStartup() {
		runner(TestBackends::h2, UnnamedMapper.class).run((context) -> assertThat(context).getFailure()
			.isInstanceOf(SequenceIdMappingException.class)
			.hasMessageContaining("@SequenceId on " + MyBatisEntities.Unnamed.class.getName() + ".id")
			.hasMessageContaining("Name the sequence: @SequenceId(\"...\")"));
	}

	@Test
	void aRecordFailsAtStartup() {
		runner(TestBackends::h2, PassMapper.class).run((context) -> assertThat(context).getFailure()
			.isInstanceOf(SequenceIdMappingException.class)
			.hasMessageContaining(MyBatisEntities.Pass.class.getName() + " is a record"));
	}

	@Test
	void aSequenceTheConfigurationRejectsFailsAtStartup() {
		runner(TestBackends::h2, OrderMapper.class).withPropertyValues("idgen.sequences.order.cycle=true")
			.run((context) -> assertThat(context).getFailure()
				.isInstanceOf(IdGeneratorConfigurationException.class)
				.hasMessageContaining("@SequenceId on " + Order.class.getName() + ".id draws from sequence 'order'"));
	}

	@Test
	void aHandBuiltFactoryWithoutTheInterceptorFailsAtStartup() {
		runner(TestBackends::h2).withBean(SqlSessionFactory.class, this::handBuiltFactory)
			.run((context) -> assertThat(context).getFailure()
				.isInstanceOf(SequenceIdMappingException.class)
				.hasMessageContaining("The MyBatis insert " + OrderMapper.class.getName() + ".insert")
				.hasMessageContaining(" writes " + Order.class.getName() + ", whose id is marked @SequenceId")
				.hasMessageContaining("does not have idgen's MyBatisSequenceIdInterceptor"));
	}

	@Test
	void switchedOffTheApplicationAssignsIdentifiers() {
		runner(TestBackends::h2, OrderMapper.class).withPropertyValues("idgen.entities.mybatis.enabled=false")
			.run(withTables((context) -> {
				assertThat(context).doesNotHaveBean(MyBatisSequenceIdInterceptor.class);
				Order order = new Order("mine");
				order.setId(7L);
				orders(context).insert(order);
				assertThat(orders(context).customerOf(7L)).isEqualTo("mine");
			}));
	}

	private SqlSessionFactory handBuiltFactory() {
		org.apache.ibatis.session.Configuration configuration = new org.apache.ibatis.session.Configuration();
		configuration.getVariables().setProperty("orders", "orders");
		configuration.addMapper(OrderMapper.class);
		SqlSessionFactoryBean factory = new SqlSessionFactoryBean();
		factory.setDataSource(this.used.get(this.used.size() - 1));
		factory.setConfiguration(configuration);
		try {
			return factory.getObject();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static List<Order> orders(int count) {
		List<Order> orders = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			orders.add(new Order("customer " + i));
		}
		return orders;
	}

}
