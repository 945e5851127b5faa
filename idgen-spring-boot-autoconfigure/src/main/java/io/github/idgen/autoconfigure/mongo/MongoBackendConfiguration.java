package io.github.idgen.autoconfigure.mongo;

import com.mongodb.WriteConcern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.MongoTemplate;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendObservers;
import io.github.idgen.autoconfigure.ConditionalOnBackend;
import io.github.idgen.autoconfigure.BackendKeyChecks;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SegmentSettingsMapper;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.mongo.MongoKeyChecks;
import io.github.idgen.mongo.MongoSegmentStore;

/**
 * The MongoDB backend: segments reserved from counter documents through the application's
 * {@link MongoTemplate}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(MongoTemplate.class)
@ConditionalOnBean(MongoTemplate.class)
@ConditionalOnBackend(Backend.MONGO)
class MongoBackendConfiguration {

	@Bean
	IdGeneratorBackend idgenMongoBackend(MongoSegmentStore store, IdGeneratorProperties properties,
			ObjectProvider<BackendObservers> observers, BackgroundThreads threads) {
		return new IdGeneratorBackend(Backend.MONGO, new SegmentSettingsMapper(properties).segmentSequences(store,
				BackendObservers.of(observers, Backend.MONGO), threads));
	}

	@Bean
	BackendKeyChecks idgenMongoKeyChecks(MongoTemplate mongoTemplate, MongoProperties mongo) {
		return new BackendKeyChecks(Backend.MONGO, new MongoKeyChecks(mongoTemplate, mongo.getCollection()));
	}

	@Bean
	@ConditionalOnMissingBean
	MongoSegmentStore idgenMongoSegmentStore(MongoTemplate mongoTemplate, MongoProperties mongo) {
		try {
			return new MongoSegmentStore(mongoTemplate, mongo.getCollection(), writeConcern(mongo));
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException("idgen.mongo.collection", mongo.getCollection(),
					"idgen.mongo.collection is '" + mongo.getCollection() + "', which is not a valid collection name: "
							+ ex.getMessage(),
					"Set idgen.mongo.collection to a valid collection name, such as idgen_counters.");
		}
	}

	/**
	 * Return the driver's write concern of {@code idgen.mongo.write-concern}.
	 */
	static WriteConcern writeConcern(MongoProperties mongo) {
		return WriteConcern.valueOf(mongo.getWriteConcern().name());
	}

}
