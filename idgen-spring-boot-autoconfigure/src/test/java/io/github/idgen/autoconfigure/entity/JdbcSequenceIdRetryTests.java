package io.github.idgen.autoconfigure.entity;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.Basket;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.BasketRepository;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.Fruit;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.Item;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.ItemRepository;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * A Spring Data JDBC save that fails after {@link io.github.idgen.entity.SequenceId}
 * filled the identifier, retried with the same instance, inserts the aggregate with that
 * identifier, on real databases: the first save's row never reached the database, so the
 * identifier is still unused.
 */
class JdbcSequenceIdRetryTests {

	static Stream<Arguments> databases() {
		return Stream.of(Arguments.of("PostgreSQL", (Supplier<DataSource>) TestBackends::postgres),
				Arguments.of("MariaDB", (Supplier<DataSource>) TestBackends::mariaDb),
				Arguments.of("H2", (Supplier<DataSource>) TestBackends::h2));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aSaveThatFailedIsRetriedAsAnInsertWithTheSameIdentifier(String name, Supplier<DataSource> database) {
		withItems(database, (context, table) -> {
			ItemRepository items = context.getBean(ItemRepository.class);
			items.save(new Item(null, "taken"));
			Item retried = new Item(null, "taken");
			assertThatException().isThrownBy(() -> items.save(retried))
				.satisfies((ex) -> assertThat(Stream.iterate(ex, Objects::nonNull, Throwable::getCause))
					.hasAtLeastOneElementOfType(DuplicateKeyException.class));
			assertThat(retried.id).as("filled by the failed save").isEqualTo(2L);
			retried.name = "free";
			assertThat(items.save(retried).id).isEqualTo(2L);
			assertThat(items.findById(2L)).hasValueSatisfying((found) -> assertThat(found.name).isEqualTo("free"));
			assertThat(JdbcAggregates.count(context, table)).isEqualTo(2);
			assertThat(context.getBean(IdGenerator.class).nextId(table)).as("no identifier burned by the retry")
				.isEqualTo(3L);
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void anAggregateSavedOnceIsUpdatedBySavingItAgain(String name, Supplier<DataSource> database) {
		withItems(database, (context, table) -> {
			ItemRepository items = context.getBean(ItemRepository.class);
			Item item = items.save(new Item(null, "first"));
			item.name = "second";
			items.save(item);
			assertThat(JdbcAggregates.count(context, table)).isOne();
			assertThat(items.findById(item.id))
				.hasValueSatisfying((found) -> assertThat(found.name).isEqualTo("second"));
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aSaveWhoseTransactionRolledBackIsRetriedAsAnInsert(String name, Supplier<DataSource> database) {
		withItems(database, (context, table) -> {
			ItemRepository items = context.getBean(ItemRepository.class);
			TransactionTemplate transaction = new TransactionTemplate(
					context.getBean(PlatformTransactionManager.class));
			Item item = new Item(null, "rolled back");
			assertThatException().isThrownBy(() -> transaction.executeWithoutResult((status) -> {
				items.save(item);
				throw new IllegalStateException("a later step fails");
			}));
			assertThat(JdbcAggregates.count(context, table)).isZero();
			transaction.executeWithoutResult((status) -> items.save(item));
			assertThat(item.id).isEqualTo(1L);
			assertThat(items.findById(1L)).isPresent();
			item.name = "updated";
			items.save(item);
			assertThat(JdbcAggregates.count(context, table)).isOne();
			assertThat(items.findAll()).extracting((found) -> found.name).containsExactly("updated");
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aSaveAllThatFailedIsRetriedAsInserts(String name, Supplier<DataSource> database) {
		withItems(database, (context, table) -> {
			ItemRepository items = context.getBean(ItemRepository.class);
			items.save(new Item(null, "taken"));
			Item first = new Item(null, "first");
			Item second = new Item(null, "taken");
			assertThatException().isThrownBy(() -> items.saveAll(List.of(first, second)));
			assertThat(JdbcAggregates.count(context, table)).as("rolled back").isOne();
			second.name = "second";
			items.saveAll(List.of(first, second));
			assertThat(JdbcAggregates.count(context, table)).isEqualTo(3);
			assertThat(items.findById(first.id))
				.hasValueSatisfying((found) -> assertThat(found.name).isEqualTo("first"));
			assertThat(items.findById(second.id))
				.hasValueSatisfying((found) -> assertThat(found.name).isEqualTo("second"));
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aSaveAllRetriedWithANewAggregateInsertsBoth(String name, Supplier<DataSource> database) {
		withItems(database, (context, table) -> {
			ItemRepository items = context.getBean(ItemRepository.class);
			items.save(new Item(null, "taken"));
			Item retried = new Item(null, "taken");
			assertThatException().isThrownBy(() -> items.save(retried));
			retried.name = "retried";
			Item fresh = new Item(null, "fresh");
			items.saveAll(List.of(fresh, retried));
			assertThat(JdbcAggregates.count(context, table)).isEqualTo(3);
			assertThat(items.findById(retried.id))
				.hasValueSatisfying((found) -> assertThat(found.name).isEqualTo("retried"));
		});
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("databases")
	void aRetriedSaveInsertsTheEntitiesOfTheAggregateToo(String name, Supplier<DataSource> database) {
		DataSource dataSource = database.get();
		String run = JdbcAggregates.uniqueRun();
		String baskets = run + "_basket";
		String fruits = run + "_fruit";
		JdbcAggregates.runner(dataSource, run).withUserConfiguration(JdbcAggregates.Baskets.class).run((context) -> {
			assertThat(context).hasNotFailed();
			JdbcAggregates.createTable(context, baskets, "bigint", "name", "varchar(64) unique");
			new JdbcTemplate(dataSource)
				.execute("create table " + fruits + " (" + baskets + " bigint, name varchar(64))");
			try {
				BasketRepository repository = context.getBean(BasketRepository.class);
				repository.save(new Basket(null, "taken"));
				Basket retried = new Basket(null, "taken");
				retried.fruits.add(new Fruit("apple"));
				retried.fruits.add(new Fruit("pear"));
				assertThatException().isThrownBy(() -> repository.save(retried));
				retried.name = "free";
				repository.save(retried);
				assertThat(repository.findById(retried.id)).hasValueSatisfying((found) -> assertThat(found.fruits)
					.containsExactlyInAnyOrder(new Fruit("apple"), new Fruit("pear")));
				assertThat(JdbcAggregates.count(context, fruits)).isEqualTo(2);
			}
			finally {
				JdbcAggregates.dropTables(dataSource, run, context, fruits, baskets);
			}
		});
	}

	private void withItems(Supplier<DataSource> database, Test test) {
		DataSource dataSource = database.get();
		String run = JdbcAggregates.uniqueRun();
		String table = run + "_item";
		JdbcAggregates.runner(dataSource, run).withUserConfiguration(JdbcAggregates.Items.class).run((context) -> {
			assertThat(context).hasNotFailed();
			JdbcAggregates.createTable(context, table, "bigint", "name", "varchar(64) unique");
			try {
				test.run(context, table);
			}
			finally {
				JdbcAggregates.dropTables(dataSource, run, context, table);
			}
		});
	}

	@FunctionalInterface
	private interface Test {

		void run(AssertableApplicationContext context, String table) throws Exception;

	}

}
