package io.github.idgen.autoconfigure.mongo;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.MongoTemplate;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.WorkerLeaseStoreFactory;
import io.github.idgen.mongo.MongoWorkerLeaseStore;

/**
 * Worker ID leases in the {@code idgen_workers} collection of the application's MongoDB,
 * with {@code idgen.mongo.write-concern}, offered to whatever leases worker IDs from the
 * MongoDB store.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(MongoTemplate.class)
@ConditionalOnBean(MongoTemplate.class)
class MongoWorkerLeaseStoreConfiguration {

	@Bean
	WorkerLeaseStoreFactory idgenMongoWorkerLeaseStoreFactory(MongoTemplate mongoTemplate, MongoProperties mongo) {
		return WorkerLeaseStoreFactory.of(Backend.MONGO, (request) -> new MongoWorkerLeaseStore(mongoTemplate,
				"idgen_workers", MongoBackendConfiguration.writeConcern(mongo)));
	}

}
