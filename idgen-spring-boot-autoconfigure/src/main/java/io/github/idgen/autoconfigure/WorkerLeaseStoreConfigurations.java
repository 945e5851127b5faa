package io.github.idgen.autoconfigure;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.jdbc.JdbcWorkerLeaseStore;
import io.github.idgen.jdbc.JdbcWorkerSchema;
import io.github.idgen.mongo.MongoWorkerLeaseStore;
import io.github.idgen.redis.RedisWorkerLeaseStore;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * The stores that snowflake worker ids are leased from, one configuration per store.
 */
final class WorkerLeaseStoreConfigurations {

	private WorkerLeaseStoreConfigurations() {
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.jdbc.EmbeddedDatabaseConnection")
	@ConditionalOnBean(DataSource.class)
	@ConditionalOnWorkerLeaseStore(Backend.JDBC)
	static class Jdbc {

		@Bean
		@ConditionalOnMissingBean(WorkerLeaseStore.class)
		JdbcWorkerLeaseStore idgenJdbcWorkerLeaseStore(ListableBeanFactory beanFactory,
				IdGeneratorProperties properties) {
			IdGeneratorProperties.Jdbc jdbc = properties.getJdbc();
			DataSource dataSource = DataSourceSelector.select(beanFactory, jdbc.getDataSource());
			if (JdbcBackendConfiguration.shouldCreateSchema(jdbc.getInitializeSchema(), dataSource)) {
				new JdbcWorkerSchema(dataSource, JdbcWorkerLeaseStore.DEFAULT_TABLE_NAME).createIfMissing();
			}
			return new JdbcWorkerLeaseStore(dataSource, JdbcWorkerLeaseStore.DEFAULT_TABLE_NAME);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(RedisConnectionFactory.class)
	@ConditionalOnBean(RedisConnectionFactory.class)
	@ConditionalOnWorkerLeaseStore(Backend.REDIS)
	static class Redis {

		@Bean
		@ConditionalOnMissingBean(WorkerLeaseStore.class)
		RedisWorkerLeaseStore idgenRedisWorkerLeaseStore(RedisConnectionFactory connectionFactory,
				IdGeneratorProperties properties) {
			return new RedisWorkerLeaseStore(connectionFactory,
					RedisKeyPrefix.keys(properties.getRedis().getKeyPrefix()).prefix());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MongoTemplate.class)
	@ConditionalOnBean(MongoTemplate.class)
	@ConditionalOnWorkerLeaseStore(Backend.MONGO)
	static class Mongo {

		@Bean
		@ConditionalOnMissingBean(WorkerLeaseStore.class)
		MongoWorkerLeaseStore idgenMongoWorkerLeaseStore(MongoTemplate mongoTemplate,
				IdGeneratorProperties properties) {
			return new MongoWorkerLeaseStore(mongoTemplate, "idgen_workers",
					MongoBackendConfiguration.writeConcern(properties.getMongo()));
		}

	}

}
