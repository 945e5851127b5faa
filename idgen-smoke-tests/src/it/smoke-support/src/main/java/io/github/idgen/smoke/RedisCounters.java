package io.github.idgen.smoke;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.context.ApplicationContext;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.autoconfigure.redis.RedisProperties;

/**
 * The check of the Redis applications: the application's connection factory is of the
 * expected client, and the counter key of each sequence is at least its highest ID.
 */
public final class RedisCounters implements StoreCheck {

	private final Class<? extends RedisConnectionFactory> connectionFactoryType;

	/**
	 * Create the check.
	 * @param connectionFactoryType the type of connection factory the application must
	 * have
	 */
	public RedisCounters(Class<? extends RedisConnectionFactory> connectionFactoryType) {
		this.connectionFactoryType = connectionFactoryType;
	}

	@Override
	public String check(ApplicationContext context, Map<String, Long> highestIds) {
		RedisConnectionFactory connectionFactory = context.getBean(RedisConnectionFactory.class);
		if (!this.connectionFactoryType.isInstance(connectionFactory)) {
			throw new IllegalStateException("The connection factory is a " + connectionFactory.getClass().getName()
					+ ", not a " + this.connectionFactoryType.getName());
		}
		StringRedisTemplate redis = new StringRedisTemplate(connectionFactory);
		String prefix = context.getBean(RedisProperties.class).getKeyPrefix();
		SequenceRouting routing = context.getBean(SequenceRouting.class);
		List<String> counters = new ArrayList<>();
		highestIds.forEach((sequence, highest) -> {
			String key = prefix + "{" + sequence + "}";
			String counter = redis.opsForValue().get(key);
			if (counter == null || Long.parseLong(counter) < highest) {
				throw new IllegalStateException("Redis key " + key + " is " + counter + ", below ID " + highest);
			}
			counters.add(key + "=" + counter + " (" + routing.details(sequence).get("mode") + " mode)");
		});
		return String.join(", ", counters) + " through " + connectionFactory.getClass().getSimpleName();
	}

}
