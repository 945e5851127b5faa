package io.github.idgen.autoconfigure;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.Test;

import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.idgen.IdGenerator;
import io.github.idgen.redis.RedisIncrementSequence;
import io.github.idgen.redis.time.RedisTimeSequence;
import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.test.Concurrently;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the Redis backend of {@link IdGeneratorAutoConfiguration} when the
 * application connects to Redis with Jedis ({@code spring.data.redis.client-type=jedis}),
 * against a real Redis. {@link SingleStoreClassPathTests} starts it with Lettuce absent.
 */
class JedisRedisBackendAutoConfigurationTests {

	private static final int THREADS_PER_INSTANCE = 4;

	private static final int CALLS_PER_THREAD = 1_000;

	private final String prefix = "idgen-jedis-" + UUID.randomUUID().toString().substring(0, 8) + ":";

	private final StringRedisTemplate redis = new StringRedisTemplate(TestBackends.redis());

	private ApplicationContextRunner runner() {
		LettuceConnectionFactory redis = TestBackends.redis();
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withPropertyValues("spring.data.redis.client-type=jedis", "spring.data.redis.host=" + redis.getHostName(),
					"spring.data.redis.port=" + redis.getPort(), "idgen.redis.key-prefix=" + this.prefix);
	}

	@Test
	void servesSegmentModeThroughJedis() {
		runner().run((context) -> {
			assertThat(context.getBean(RedisConnectionFactory.class)).isInstanceOf(JedisConnectionFactory.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.sequence("order")).isInstanceOf(SegmentBuffer.class);
			assertThat(ids.nextId("order")).isEqualTo(1);
			assertThat(ids.nextIds("order", 3)).containsExactly(2, 3, 4);
			assertThat(this.redis.opsForValue().get(this.prefix + "{order}")).isEqualTo("1000");
		});
	}

	@Test
	void servesIncrementModeThroughJedis() {
		runner().withPropertyValues("idgen.redis.mode=increment", "idgen.sequences.order.start=500").run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.sequence("order")).isInstanceOf(RedisIncrementSequence.class);
			assertThat(ids.nextId("order")).isEqualTo(500);
			assertThat(ids.nextIds("order", 3)).containsExactly(501, 502, 503);
			assertThat(this.redis.opsForValue().get(this.prefix + "{order}")).isEqualTo("503");
		});
	}

	@Test
	void servesTimeModeThroughJedis() {
		runner().withPropertyValues("idgen.redis.mode=time", "idgen.redis.time.shard=5").run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			RedisTimeSequence event = (RedisTimeSequence) ids.sequence("event");
			long first = event.next();
			long second = event.next();
			assertThat(second).isGreaterThan(first);
			assertThat(event.decode(second).shard()).isEqualTo(5);
		});
	}

	@Test
	void servesTimeModeFromNodesThroughLettuceNextToJedis() {
		LettuceConnectionFactory redis = TestBackends.redis();
		// The application's own Redis does not answer: only the node can serve.
		runner()
			.withPropertyValues("spring.data.redis.port=1", "idgen.redis.mode=time",
					"idgen.redis.time.nodes=redis://" + redis.getHostName() + ":" + redis.getPort())
			.run((context) -> {
				assertThat(context.getBean(RedisConnectionFactory.class)).isInstanceOf(JedisConnectionFactory.class);
				RedisTimeSequence event = (RedisTimeSequence) context.getBean(IdGenerator.class).sequence("event");
				long first = event.next();
				assertThat(event.next()).isGreaterThan(first);
			});
	}

	@Test
	void instancesSharingRedisThroughJedisNeverHandOutTheSameId() {
		ApplicationContextRunner instance = runner().withPropertyValues("idgen.sequences.order.step=10",
				"idgen.sequences.order.min-step=10", "idgen.sequences.order.max-step=100",
				"idgen.sequences.invoice.mode=increment");
		instance.run((first) -> instance.run((second) -> {
			List<Callable<List<long[]>>> threads = new ArrayList<>();
			for (IdGenerator ids : List.of(first.getBean(IdGenerator.class), second.getBean(IdGenerator.class))) {
				for (int thread = 0; thread < THREADS_PER_INSTANCE; thread++) {
					threads.add(() -> List.of(draw(ids, "order"), draw(ids, "invoice")));
				}
			}
			List<List<long[]>> drawn = Concurrently.runTogether(threads);
			for (int sequence = 0; sequence < 2; sequence++) {
				Set<Long> unique = new HashSet<>();
				for (List<long[]> thread : drawn) {
					long[] ids = thread.get(sequence);
					assertThat(ids).isSorted().doesNotHaveDuplicates();
					for (long id : ids) {
						unique.add(id);
					}
				}
				assertThat(unique).hasSize(threads.size() * CALLS_PER_THREAD * 3);
			}
		}));
	}

	private static long[] draw(IdGenerator ids, String sequence) {
		long[] drawn = new long[CALLS_PER_THREAD * 3];
		for (int call = 0; call < CALLS_PER_THREAD; call++) {
			drawn[call * 3] = ids.nextId(sequence);
			long[] batch = ids.nextIds(sequence, 2);
			drawn[call * 3 + 1] = batch[0];
			drawn[call * 3 + 2] = batch[1];
		}
		return drawn;
	}

}
