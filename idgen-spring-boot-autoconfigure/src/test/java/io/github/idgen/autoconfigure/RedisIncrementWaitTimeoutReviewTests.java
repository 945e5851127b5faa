package io.github.idgen.autoconfigure;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.Sequence;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.redis.RedisIncrementSequence;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of issue 17: the wait timeout of an increment sequence is its fetch-timeout, per
 * sequence, for its period counters, or the global one.
 */
class RedisIncrementWaitTimeoutReviewTests {

	private final String prefix = "idgen-test-" + UUID.randomUUID().toString().substring(0, 8) + ":";

	@Test
	void waitTimeoutIsTheFetchTimeoutOfTheSequenceOrOfItsPeriodCountersOrTheGlobalOne() {
		LettuceConnectionFactory redis = TestBackends.redis();
		new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(DataRedisAutoConfiguration.class,
					IdGeneratorHealthContributorAutoConfiguration.class))
			.withPropertyValues("spring.data.redis.host=" + redis.getHostName(),
					"spring.data.redis.port=" + redis.getPort(), "idgen.redis.key-prefix=" + this.prefix,
					"idgen.redis.mode=increment", "idgen.segment.fetch-timeout=7s",
					"idgen.sequences.order.fetch-timeout=250ms", "idgen.sequences.order.start=10",
					"idgen.sequences.invoice.start=5")
			.run((context) -> {
				IdGeneratorBackend backend = context.getBean(IdGeneratorBackend.class);
				assertThat(waitTimeout(backend.sequences().create("order"))).isEqualTo(Duration.ofMillis(250));
				assertThat(waitTimeout(backend.sequences().create("order@20261126"))).isEqualTo(Duration.ofMillis(250));
				assertThat(waitTimeout(backend.sequences().create("invoice"))).isEqualTo(Duration.ofSeconds(7));
				assertThat(waitTimeout(backend.sequences().create("invoice@20261126")))
					.isEqualTo(Duration.ofSeconds(7));
				assertThat(waitTimeout(backend.sequences().create("other"))).isEqualTo(Duration.ofSeconds(7));
			});
	}

	private static Duration waitTimeout(Sequence sequence) throws ReflectiveOperationException {
		assertThat(sequence).isInstanceOf(RedisIncrementSequence.class);
		Field combinerField = RedisIncrementSequence.class.getDeclaredField("combiner");
		combinerField.setAccessible(true);
		Object combiner = combinerField.get(sequence);
		Field timeout = combiner.getClass().getDeclaredField("waitTimeout");
		timeout.setAccessible(true);
		return (Duration) timeout.get(combiner);
	}

}
