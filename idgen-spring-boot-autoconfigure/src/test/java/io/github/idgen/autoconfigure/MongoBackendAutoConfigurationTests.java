package io.github.idgen.autoconfigure;

import java.util.Map;
import java.util.UUID;

import org.bson.Document;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.mongodb.core.MongoTemplate;

import io.github.idgen.IdGenerator;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthIndicator;
import io.github.idgen.autoconfigure.mongo.MongoWriteConcern;
import io.github.idgen.mongo.MongoSegmentStore;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for the MongoDB backend of {@link IdGeneratorAutoConfiguration}, against the
 * MongoDB that {@link TestBackends#mongo()} provides.
 */
class MongoBackendAutoConfigurationTests {

	private final String collection = "idgen_test_" + UUID.randomUUID().toString().substring(0, 8);

	private ApplicationContextRunner runner() {
		MongoTemplate mongo = TestBackends.mongo();
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(IdGeneratorHealthContributorAutoConfiguration.class))
			.withBean(MongoTemplate.class, () -> mongo)
			.withPropertyValues("idgen.mongo.collection=" + this.collection);
	}

	@Test
	void usesMongoWhenItIsTheOnlyStore() {
		runner().run((context) -> {
			assertThat(context).hasSingleBean(MongoSegmentStore.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.nextId("order")).isEqualTo(1);
			Document counter = context.getBean(MongoTemplate.class)
				.getCollection(this.collection)
				.find(new Document("_id", "order"))
				.first();
			assertThat(counter.get("value")).isEqualTo(1000L);
		});
	}

	@Test
	@SuppressWarnings("unchecked")
	void healthPingsMongo() {
		runner().run((context) -> {
			context.getBean(IdGenerator.class).nextId("order");
			Health health = context.getBean(IdGeneratorHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat((Map<String, Object>) health.getDetails().get("backends")).containsEntry("mongo", "UP");
		});
	}

	@Test
	void servesBoundedCyclicSequences() {
		runner().withPropertyValues("idgen.sequences.slot.max-value=99", "idgen.sequences.slot.cycle=true",
				"idgen.sequences.slot.step=10", "idgen.sequences.slot.min-step=10", "idgen.sequences.seat.max-value=2",
				"idgen.sequences.seat.step=10", "idgen.sequences.seat.min-step=10")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				long[] slots = ids.nextIds("slot", 101);
				assertThat(slots[98]).isEqualTo(99);
				assertThat(slots[99]).isEqualTo(1);
				assertThat(ids.nextIds("seat", 2)).containsExactly(1, 2);
				assertThatExceptionOfType(SequenceExhaustedException.class).isThrownBy(() -> ids.nextId("seat"));
			});
	}

	@Test
	void failsNamingBackendWhenJdbcIsPresentToo() {
		runner().withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.run((context) -> assertThat(invalidProperty(context, "idgen.backend").getReason())
				.contains("(jdbc, mongo)"));
	}

	private static <T extends Throwable> T findCause(Throwable failure, Class<T> type) {
		Throwable cause = failure;
		while (cause != null && !type.isInstance(cause)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("cause of %s", failure).isInstanceOf(type);
		return type.cast(cause);
	}

	@Test
	void rejectsInvalidMongoProperties() {
		runner().withPropertyValues("idgen.mongo.write-concern=sometimes").run((context) -> {
			assertThat(context).hasFailed();
			BindException failure = findCause(context.getStartupFailure(), BindException.class);
			assertThat(failure.getProperty().getName()).hasToString("idgen.mongo.write-concern");
			assertThat(failure.getTarget().getType().resolve()).isEqualTo(MongoWriteConcern.class);
		});
		runner().withPropertyValues("idgen.mongo.collection=$bad")
			.run((context) -> invalidProperty(context, "idgen.mongo.collection"));
	}

}
