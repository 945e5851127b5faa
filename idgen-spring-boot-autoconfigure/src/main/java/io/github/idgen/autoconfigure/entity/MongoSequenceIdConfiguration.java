package io.github.idgen.autoconfigure.entity;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.MongoOperations;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.entity.mongo.MongoSequenceIdCallback;

/**
 * Spring Data MongoDB documents: the callback that fills their identifiers, on when
 * Spring Data MongoDB has a mapping context and neither {@code idgen.entities.enabled}
 * nor {@code idgen.entities.mongo.enabled} is false. The document classes the mapping
 * context knows once every singleton is created (those Spring Boot scans for and those of
 * the repositories) are checked then; any other when a document of it is first saved. The
 * callback looks the IdGenerator up when it first draws an identifier: Spring Data
 * MongoDB's converter gathers the callbacks while the MongoTemplate is created, which the
 * MongoDB backend of idgen needs. Unless {@code idgen.entities.check-counters} is false,
 * no document's sequence may issue identifiers its collection holds.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(MongoSequenceIdCallback.class)
@ConditionalOnBean({ MongoMappingContext.class, IdGenerator.class, IdGeneratorProperties.class })
@ConditionalOnBooleanProperty(name = "idgen.entities.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "idgen.entities.mongo.enabled", matchIfMissing = true)
class MongoSequenceIdConfiguration {

	@Bean
	MongoSequenceIdCallback idgenMongoSequenceIdCallback(ObjectProvider<IdGenerator> ids, MongoMappingContext context,
			IdGeneratorProperties properties) {
		return new MongoSequenceIdCallback(ids::getObject, context, new SequenceIdRules(properties));
	}

	@Bean
	SmartInitializingSingleton idgenMongoSequenceIdCheck(MongoSequenceIdCallback callback) {
		return callback::checkMappings;
	}

	@Bean
	@ConditionalOnBean({ SequenceRouting.class, MongoOperations.class })
	@ConditionalOnBooleanProperty(name = "idgen.entities.check-counters", matchIfMissing = true)
	MongoEntityCounterCheck idgenMongoEntityCounterCheck(MongoMappingContext context, MongoOperations mongo,
			SequenceRouting routing, IdGeneratorProperties properties) {
		return new MongoEntityCounterCheck(context, mongo, new EntityCounters(routing, properties));
	}

}
