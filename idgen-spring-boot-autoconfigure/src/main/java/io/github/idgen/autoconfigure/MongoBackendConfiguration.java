package io.github.idgen.autoconfigure;

import com.mongodb.WriteConcern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.MongoTemplate;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.mongo.MongoSegmentStore;

/**
 * The MongoDB backend: segments reserved from counter documents through the
 * application's {@link MongoTemplate}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(MongoTemplate.class)
@ConditionalOnBean(MongoTemplate.class)
@ConditionalOnBackend(Backend.MONGO)
class MongoBackendConfiguration {

	@Bean
	IdGeneratorBackend idgenMongoBackend(MongoSegmentStore store, IdGeneratorProperties properties,
			ObjectProvider<BackendObservers> observers) {
		return new IdGeneratorBackend(Backend.MONGO, new SegmentSettingsMapper(properties).segmentSequences(store,
				observers.getIfAvailable(() -> BackendObservers.NONE).observer(Backend.MONGO)));
	}

	@Bean
	@ConditionalOnMissingBean
	MongoSegmentStore idgenMongoSegmentStore(MongoTemplate mongoTemplate, IdGeneratorProperties properties) {
		IdGeneratorProperties.Mongo mongo = properties.getMongo();
		WriteConcern writeConcern = writeConcern(mongo);
		try {
			return new MongoSegmentStore(mongoTemplate, mongo.getCollection(), writeConcern);
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException("idgen.mongo.collection", mongo.getCollection(),
					"idgen.mongo.collection is '" + mongo.getCollection() + "', which is not a valid collection name: "
							+ ex.getMessage(),
					"Set idgen.mongo.collection to a valid collection name, such as idgen_counters.");
		}
	}

	static WriteConcern writeConcern(IdGeneratorProperties.Mongo mongo) {
		WriteConcern writeConcern = WriteConcern.valueOf(mongo.getWriteConcern());
		if (writeConcern == null) {
			throw new IdGeneratorConfigurationException("idgen.mongo.write-concern", mongo.getWriteConcern(),
					"idgen.mongo.write-concern is '" + mongo.getWriteConcern() + "', which is not a write concern.",
					"Set idgen.mongo.write-concern to 'majority' (recommended), 'w1', 'w2', 'w3', 'journaled' or "
							+ "'acknowledged'.");
		}
		return writeConcern;
	}

}
