package io.github.idgen.autoconfigure.redis;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.WorkerLeaseStoreFactory;
import io.github.idgen.redis.RedisWorkerLeaseStore;

/**
 * Worker ID leases in the application's Redis, under {@code idgen.redis.key-prefix},
 * offered to whatever leases worker IDs from the Redis store.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(RedisConnectionFactory.class)
@ConditionalOnBean(RedisConnectionFactory.class)
class RedisWorkerLeaseStoreConfiguration {

	@Bean
	WorkerLeaseStoreFactory idgenRedisWorkerLeaseStoreFactory(RedisConnectionFactory connectionFactory,
			RedisProperties redis) {
		return WorkerLeaseStoreFactory.of(Backend.REDIS, (request) -> new RedisWorkerLeaseStore(connectionFactory,
				RedisKeyPrefix.keys(redis.getKeyPrefix()).prefix()));
	}

}
