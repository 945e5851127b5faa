package io.github.idgen.autoconfigure.entity;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.mongodb.core.BulkOperations.BulkMode;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Query;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Misplaced;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Order;
import io.github.idgen.autoconfigure.entity.MongoDocuments.OrderRepository;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Parcel;
import io.github.idgen.autoconfigure.entity.MongoDocuments.ParcelRepository;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Receipt;
import io.github.idgen.autoconfigure.entity.MongoDocuments.ReceiptRepository;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Stamp;
import io.github.idgen.autoconfigure.entity.MongoDocuments.StampRepository;
import io.github.idgen.autoconfigure.entity.MongoDocuments.Voucher;
import io.github.idgen.autoconfigure.entity.MongoDocuments.VoucherRepository;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.mongo.MongoSequenceIdCallback;
import io.github.idgen.test.Concurrently;
import io.github.idgen.test.UniqueNames;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link MongoSequenceIdConfiguration}: Spring Data MongoDB documents marked
 * {@link io.github.idgen.entity.SequenceId}, saved through their repositories to the
 * in-JVM MongoDB server, with idgen drawing from the same server.
 */
class MongoSequenceIdTests {

	private static final int THREADS = 2;

	private static final int DOCUMENTS_PER_THREAD = 5_000;

	private static MongoServer server;

	private static int port;

	private final String database = UniqueNames.uniqueName("entities");

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
		return MongoDocuments.runner(port, this.database);
	}

	private ApplicationContextRunner valid() {
		return runner().withUserConfiguration(MongoDocuments.Valid.class)
			.withPropertyValues("idgen.sequences.voucher.format=VOU-{seq:6}");
	}

	@Test
	void fillsUnsetIdentifiersFromTheSequenceOfTheCollectionAndKeepsSetOnes() {
		valid().run((context) -> {
			assertThat(context).hasNotFailed();
			OrderRepository orders = context.getBean(OrderRepository.class);
			assertThat(orders.save(new Order(null, "first")).id).isEqualTo(1L);
			assertThat(orders.save(new Order(null, "second")).id).isEqualTo(2L);
			assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(3L);
			assertThat(orders.save(new Order(42L, "mine")).id).isEqualTo(42L);
			Document stored = context.getBean(MongoTemplate.class)
				.getCollection("order")
				.find(new Document("_id", 42L))
				.first();
			assertThat(stored).containsEntry("name", "mine");
			assertThat(orders.save(new Order(0L, "zero")).id).as("a Long set to 0 is set").isZero();
			assertThat(orders.findById(0L)).isPresent();
			assertThat(orders.count()).isEqualTo(4);
		});
	}

	@Test
	void fillsImmutableDocumentsThroughTheirWither() {
		valid().run((context) -> {
			Receipt unsaved = new Receipt(null, "paper");
			Receipt saved = context.getBean(ReceiptRepository.class).save(unsaved);
			assertThat(saved.getId()).isEqualTo(1L);
			assertThat(unsaved.getId()).isNull();
			assertThat(context.getBean(ReceiptRepository.class).findById(1L))
				.hasValueSatisfying((found) -> assertThat(found.getName()).isEqualTo("paper"));
		});
	}

	@Test
	void fillsTextIdentifiersFromAFormattedSequence() {
		valid().run((context) -> {
			VoucherRepository vouchers = context.getBean(VoucherRepository.class);
			assertThat(vouchers.save(new Voucher(null, "gift")).id()).isEqualTo("VOU-000001");
			assertThat(vouchers.findById("VOU-000001")).contains(new Voucher("VOU-000001", "gift"));
		});
	}

	@Test
	void threadsSavingConcurrentlyNeverGiveTwoDocumentsOneIdentifier() {
		valid().run((context) -> {
			OrderRepository orders = context.getBean(OrderRepository.class);
			List<Callable<List<Long>>> savers = new ArrayList<>();
			for (int thread = 0; thread < THREADS; thread++) {
				savers.add(() -> {
					List<Long> ids = new ArrayList<>();
					for (int i = 0; i < DOCUMENTS_PER_THREAD; i++) {
						ids.add(orders.save(new Order(null, "order")).id);
					}
					return ids;
				});
			}
			Set<Long> ids = new HashSet<>();
			Concurrently.runTogether(savers).forEach(ids::addAll);
			assertThat(ids).hasSize(THREADS * DOCUMENTS_PER_THREAD).doesNotContainNull();
			assertThat(orders.count()).isEqualTo(THREADS * DOCUMENTS_PER_THREAD);
		});
	}

	@Test
	void aSequenceThatWouldIssueIdsTheCollectionHoldsFailsAtStartupUntilStartedAboveThem() {
		valid().run((context) -> {
			assertThat(context).hasNotFailed();
			OrderRepository orders = context.getBean(OrderRepository.class);
			for (int i = 0; i < 3; i++) {
				orders.save(new Order(null, "before"));
			}
			context.getBean(MongoTemplate.class).dropCollection("idgen_counters");
		});
		valid().run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			while (!(failure instanceof IdGeneratorConfigurationException) && failure.getCause() != null) {
				failure = failure.getCause();
			}
			assertThat(failure).isInstanceOf(IdGeneratorConfigurationException.class)
				.hasMessageContaining(Order.class.getName() + ".id")
				.hasMessageContaining("sequence 'order', which issues IDs from 1 on, while collection order already "
						+ "holds IDs up to 3:")
				.hasMessageContaining("idgen.sequences.order.start=4");
		});
		valid().withPropertyValues("idgen.sequences.order.start=4").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(OrderRepository.class).save(new Order(null, "after")).id).isEqualTo(4L);
		});
	}

	@Test
	void switchedOffLeavesTheIdentifierToTheApplication() {
		valid().withPropertyValues("idgen.entities.mongo.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(MongoSequenceIdCallback.class);
			OrderRepository orders = context.getBean(OrderRepository.class);
			assertThatExceptionOfType(InvalidDataAccessApiUsageException.class)
				.isThrownBy(() -> orders.save(new Order(null, "unset")));
			assertThat(orders.save(new Order(7L, "mine")).id).isEqualTo(7L);
		});
	}

	@Test
	void failsAtStartupOnAnnotatedPropertyThatIsNotTheIdentifier() {
		runner().withUserConfiguration(MongoDocuments.Misplaceds.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(cause(context.getStartupFailure(), SequenceIdMappingException.class))
				.hasMessageContaining("@SequenceId on " + Misplaced.class.getName() + ".number")
				.hasMessageContaining("Move @SequenceId to the property annotated @Id");
		});
	}

	@Test
	void failsAtStartupOnTextIdentifierOfSequenceWithoutFormat() {
		runner().withUserConfiguration(MongoDocuments.Coupons.class).run((context) -> {
			assertThat(context).hasFailed();
			IdGeneratorConfigurationException failure = cause(context.getStartupFailure(),
					IdGeneratorConfigurationException.class);
			assertThat(failure.getName()).isEqualTo("idgen.sequences.coupon.format");
			assertThat(failure.getDescription())
				.contains("@SequenceId on " + MongoDocuments.Coupon.class.getName() + ".id");
		});
	}

	@Test
	void checksDocumentsUnknownAtStartupWhenFirstSaved() {
		valid().run((context) -> {
			MongoTemplate template = context.getBean(MongoTemplate.class);
			assertThatExceptionOfType(SequenceIdMappingException.class)
				.isThrownBy(() -> template.insert(new Misplaced()))
				.withMessageContaining("@SequenceId on " + Misplaced.class.getName() + ".number");
		});
	}

	@Test
	void findAndReplaceWithoutAnIdentifierKeepsTheDocumentsAndDrawsNone() {
		valid().run((context) -> {
			MongoTemplate template = context.getBean(MongoTemplate.class);
			template.save(new Order(null, "first"));
			Order replacement = new Order(null, "replaced");
			Order previous = template.findAndReplace(query(where("name").is("first")), replacement);
			assertThat(previous.id).isEqualTo(1L);
			assertThat(replacement.id).as("replacement's identifier").isNull();
			assertThat(template.findById(1L, Order.class).name).isEqualTo("replaced");
			assertThat(template.count(new Query(), Order.class)).isOne();
			assertThat(context.getBean(IdGenerator.class).nextId("order")).as("nothing drawn").isEqualTo(2L);
		});
	}

	@Test
	void replaceWithoutAnIdentifierKeepsTheDocumentsAndDrawsNone() {
		valid().run((context) -> {
			MongoTemplate template = context.getBean(MongoTemplate.class);
			template.save(new Order(null, "first"));
			Order replacement = new Order(null, "replaced");
			assertThat(template.replace(query(where("name").is("first")), replacement).getModifiedCount()).isOne();
			assertThat(replacement.id).as("replacement's identifier").isNull();
			assertThat(template.findById(1L, Order.class).name).isEqualTo("replaced");
			assertThat(context.getBean(IdGenerator.class).nextId("order")).as("nothing drawn").isEqualTo(2L);
		});
	}

	@Test
	void aBulkReplaceWithoutAnIdentifierKeepsTheDocumentsAndDrawsNone() {
		valid().run((context) -> {
			MongoTemplate template = context.getBean(MongoTemplate.class);
			template.save(new Order(null, "first"));
			Order replacement = new Order(null, "replaced");
			template.bulkOps(BulkMode.ORDERED, Order.class)
				.replaceOne(query(where("name").is("first")), replacement)
				.execute();
			assertThat(replacement.id).as("replacement's identifier").isNull();
			assertThat(template.findById(1L, Order.class).name).isEqualTo("replaced");
			assertThat(context.getBean(IdGenerator.class).nextId("order")).as("nothing drawn").isEqualTo(2L);
		});
	}

	@Test
	void aTextIdentifierThatMayBeStoredAsAnObjectIdFailsAtStartup() {
		runner().withUserConfiguration(MongoDocuments.Stamps.class)
			.withPropertyValues("idgen.sequences.stamp.format={yyyyMMddHHmmssSSS}{seq:7}")
			.run((context) -> {
				if (context.getStartupFailure() == null) {
					String id = context.getBean(StampRepository.class).save(new Stamp(null, "stamp")).id();
					Object stored = context.getBean(MongoTemplate.class)
						.getCollection("stamp")
						.find()
						.first()
						.get("_id");
					assertThat(context).as("started, and saved " + id + " as a " + stored.getClass().getName())
						.hasFailed();
				}
				assertThat(cause(context.getStartupFailure(), SequenceIdMappingException.class))
					.hasMessageContainingAll("@SequenceId on " + Stamp.class.getName() + ".id", "ObjectId",
							"@MongoId(FieldType.STRING)");
			});
	}

	@Test
	void aTextIdentifierOfTwentyFourHexadecimalDigitsMappedAsAStringIsStoredAsAString() {
		runner().withUserConfiguration(MongoDocuments.Parcels.class)
			.withPropertyValues("idgen.sequences.parcel.format={yyyyMMddHHmmssSSS}{seq:7}")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				String id = context.getBean(ParcelRepository.class).save(new Parcel(null, "parcel")).id();
				assertThat(id).hasSize(24).matches("[0-9]+");
				Object stored = context.getBean(MongoTemplate.class).getCollection("parcel").find().first().get("_id");
				assertThat(stored).isEqualTo(id);
				assertThat(context.getBean(ParcelRepository.class).findById(id)).isPresent();
			});
	}

	private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
		Throwable cause = failure;
		while (cause != null && !type.isInstance(cause)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("cause of %s", failure).isInstanceOf(type);
		return type.cast(cause);
	}

}
