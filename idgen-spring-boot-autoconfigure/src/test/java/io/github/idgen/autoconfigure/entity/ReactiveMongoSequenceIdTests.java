package io.github.idgen.autoconfigure.entity;

import java.time.Duration;
import java.util.List;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration;
import org.springframework.boot.data.mongodb.autoconfigure.DataMongoReactiveAutoConfiguration;
import org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration;
import org.springframework.boot.mongodb.autoconfigure.MongoReactiveAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.DataAccessException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.repository.config.EnableReactiveMongoRepositories;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Order;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Parcel;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Receipt;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Stamp;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Voucher;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.mongo.ReactiveMongoSequenceIdCallback;
import io.github.idgen.test.UniqueNames;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

/**
 * {@link ReactiveMongoSequenceIdConfiguration}: documents marked
 * {@link io.github.idgen.entity.SequenceId} saved through {@link ReactiveMongoTemplate}
 * and reactive repositories to the in-JVM MongoDB server, with idgen drawing from the
 * same server through {@code MongoTemplate}, or from snowflake in an application that has
 * no {@code MongoTemplate}.
 */
class ReactiveMongoSequenceIdTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private static MongoServer server;

	private static int port;

	private final String database = UniqueNames.uniqueName("reactive");

	@BeforeAll
	static void startServer() {
		server = new MongoServer(new MemoryBackend());
		port = server.bind().getPort();
	}

	@AfterAll
	static void stopServer() {
		server.shutdownNow();
	}

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(
					IdgenAutoConfigurations.of(MongoAutoConfiguration.class, DataMongoAutoConfiguration.class,
							MongoReactiveAutoConfiguration.class, DataMongoReactiveAutoConfiguration.class))
			.withPropertyValues(
					"spring.mongodb.uri=mongodb://127.0.0.1:" + port + "/" + this.database + "?maxPoolSize=1",
					"idgen.sequences.voucher.format=VOU-{seq:6}");
	}

	private ApplicationContextRunner reactiveOnly() {
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(MongoReactiveAutoConfiguration.class,
					DataMongoReactiveAutoConfiguration.class))
			.withPropertyValues(
					"spring.mongodb.uri=mongodb://127.0.0.1:" + port + "/" + this.database + "?maxPoolSize=1",
					"idgen.backend=snowflake", "idgen.snowflake.worker-id=1");
	}

	@Test
	void fillsUnsetIdentifiersSavedThroughTheReactiveTemplateAndKeepsSetOnes() {
		runner().run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(ReactiveMongoSequenceIdCallback.class);
			ReactiveMongoTemplate template = context.getBean(ReactiveMongoTemplate.class);
			Order first = new Order(null, "first");
			assertThat(template.insert(first).block(TIMEOUT)).isSameAs(first);
			assertThat(first.id).isEqualTo(1L);
			assertThat(template.save(new Order(null, "second")).block(TIMEOUT).id).isEqualTo(2L);
			assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(3L);
			assertThat(template.save(new Order(42L, "mine")).block(TIMEOUT).id).isEqualTo(42L);
			assertThat(template.findById(42L, Order.class).block(TIMEOUT).name).isEqualTo("mine");
			assertThat(template.count(new Query(), Order.class).block(TIMEOUT)).isEqualTo(3);
		});
	}

	@Test
	void fillsImmutableDocumentsAndTextIdentifiersThroughReactiveRepositories() {
		runner().withUserConfiguration(Repositories.class).run((context) -> {
			Receipt unsaved = new Receipt(null, "paper");
			Receipt saved = context.getBean(ReceiptRepository.class).save(unsaved).block(TIMEOUT);
			assertThat(saved.getId()).isEqualTo(1L);
			assertThat(unsaved.getId()).isNull();
			VoucherRepository vouchers = context.getBean(VoucherRepository.class);
			assertThat(vouchers.save(new Voucher(null, "gift")).block(TIMEOUT).id()).isEqualTo("VOU-000001");
			assertThat(vouchers.findById("VOU-000001").block(TIMEOUT)).isEqualTo(new Voucher("VOU-000001", "gift"));
		});
	}

	@Test
	void aTextIdentifierOfTwentyFourDigitsMappedAsAStringIsStoredAsAString() {
		runner().withPropertyValues("idgen.sequences.parcel.format={yyyyMMddHHmmssSSS}{seq:7}").run((context) -> {
			ReactiveMongoTemplate template = context.getBean(ReactiveMongoTemplate.class);
			String id = template.insert(new Parcel(null, "parcel")).block(TIMEOUT).id();
			assertThat(id).hasSize(24).matches("[0-9]+");
			assertThat(template.getCollection("parcel").flatMapMany((c) -> c.find()).blockFirst(TIMEOUT).get("_id"))
				.isEqualTo(id);
		});
	}

	@Test
	void concurrentSavesNeverGiveTwoDocumentsOneIdentifier() {
		runner().withPropertyValues("idgen.segment.step=50", "idgen.segment.min-step=50", "idgen.segment.max-step=50")
			.run((context) -> {
				ReactiveMongoTemplate template = context.getBean(ReactiveMongoTemplate.class);
				int documents = 4_000;
				List<Long> ids = Flux.range(0, documents)
					.flatMap((i) -> template.insert(new Order(null, "order")), 64)
					.map((order) -> order.id)
					.collectList()
					.block(Duration.ofMinutes(2));
				assertThat(ids).hasSize(documents).doesNotContainNull().doesNotHaveDuplicates();
				assertThat(template.count(new Query(), Order.class).block(TIMEOUT)).isEqualTo(documents);
			});
	}

	@Test
	void aReplaceThroughTheReactiveTemplateDrawsNoIdentifier() {
		runner().run((context) -> {
			ReactiveMongoTemplate template = context.getBean(ReactiveMongoTemplate.class);
			template.save(new Order(null, "first")).block(TIMEOUT);
			Order replacement = new Order(null, "replaced");
			assertThat(
					template.replace(query(where("name").is("first")), replacement).block(TIMEOUT).getModifiedCount())
				.isOne();
			assertThat(replacement.id).as("replacement's identifier").isNull();
			assertThat(template.findById(1L, Order.class).block(TIMEOUT).name).isEqualTo("replaced");
			assertThat(context.getBean(IdGenerator.class).nextId("order")).as("nothing drawn").isEqualTo(2L);
		});
	}

	@Test
	void aFindAndReplaceThroughTheReactiveTemplateWithAnUnsetIdentifierIsRefusedAndChangesNothing() {
		runner().run((context) -> {
			ReactiveMongoTemplate template = context.getBean(ReactiveMongoTemplate.class);
			template.save(new Order(null, "first")).block(TIMEOUT);
			assertThatExceptionOfType(DataAccessException.class)
				.isThrownBy(() -> template.findAndReplace(query(where("name").is("first")), new Order(null, "replaced"))
					.block(TIMEOUT))
				.withMessageContaining("ImmutableField");
			assertThat(template.findById(1L, Order.class).block(TIMEOUT).name).isEqualTo("first");
			assertThat(template.count(new Query(), Order.class).block(TIMEOUT)).isOne();
		});
	}

	@Test
	void anApplicationWithoutMongoTemplateGetsIdentifiersAndItsMappingsChecked() {
		reactiveOnly().run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(ReactiveMongoSequenceIdCallback.class);
			assertThat(context.getBean(ReactiveMongoTemplate.class).insert(new Order(null, "snow")).block(TIMEOUT).id)
				.isPositive();
		});
		reactiveOnly().withUserConfiguration(Stamps.class)
			.withPropertyValues("idgen.sequences.stamp.format={yyyyMMddHHmmssSSS}{seq:7}")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(cause(context.getStartupFailure(), SequenceIdMappingException.class))
					.hasMessageContainingAll("@SequenceId on " + Stamp.class.getName() + ".id",
							"@MongoId(FieldType.STRING)");
			});
	}

	@Test
	void documentsUnknownAtStartupAreCheckedWhenFirstSaved() {
		runner().run((context) -> assertThatExceptionOfType(SequenceIdMappingException.class)
			.isThrownBy(() -> context.getBean(ReactiveMongoTemplate.class)
				.insert(new MongoDocuments.Misplaced())
				.block(TIMEOUT))
			.withMessageContaining("@SequenceId on " + MongoDocuments.Misplaced.class.getName() + ".number"));
	}

	@Test
	void switchedOffRegistersNoReactiveCallback() {
		runner().withPropertyValues("idgen.entities.mongo.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(ReactiveMongoSequenceIdCallback.class));
	}

	private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
		Throwable cause = failure;
		while (cause != null && !type.isInstance(cause)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("cause of %s", failure).isInstanceOf(type);
		return type.cast(cause);
	}

	interface ReceiptRepository extends ReactiveCrudRepository<Receipt, Long> {

	}

	interface VoucherRepository extends ReactiveCrudRepository<Voucher, String> {

	}

	interface StampRepository extends ReactiveCrudRepository<Stamp, String> {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableReactiveMongoRepositories(basePackageClasses = ReactiveMongoSequenceIdTests.class,
			considerNestedRepositories = true, includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE,
					classes = { ReceiptRepository.class, VoucherRepository.class }))
	static class Repositories {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableReactiveMongoRepositories(basePackageClasses = ReactiveMongoSequenceIdTests.class,
			considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = StampRepository.class))
	static class Stamps {

	}

}
