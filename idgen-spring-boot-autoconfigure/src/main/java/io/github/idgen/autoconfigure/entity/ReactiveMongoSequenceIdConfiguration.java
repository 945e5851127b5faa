package io.github.idgen.autoconfigure.entity;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.entity.mongo.ReactiveMongoSequenceIdCallback;

/**
 * Reactive Spring Data MongoDB documents: the reactive callback that fills their
 * identifiers, on when Reactor and reactive Spring Data MongoDB are on the classpath, the
 * context has a {@link ReactiveMongoTemplate}, and neither {@code idgen.entities.enabled}
 * nor {@code idgen.entities.mongo.enabled} is false. {@code ReactiveMongoTemplate} calls
 * only reactive callbacks, so this one is needed beside the one for
 * {@code MongoTemplate}. The document classes are checked once every singleton is
 * created, as for {@code MongoTemplate}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass({ ReactiveMongoSequenceIdCallback.class, ReactiveMongoTemplate.class,
		reactor.core.publisher.Mono.class })
@ConditionalOnBean({ ReactiveMongoTemplate.class, MongoMappingContext.class, IdGenerator.class,
		IdGeneratorProperties.class })
@ConditionalOnBooleanProperty(name = "idgen.entities.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "idgen.entities.mongo.enabled", matchIfMissing = true)
class ReactiveMongoSequenceIdConfiguration {

	@Bean
	ReactiveMongoSequenceIdCallback idgenReactiveMongoSequenceIdCallback(ObjectProvider<IdGenerator> ids,
			MongoMappingContext context, IdGeneratorProperties properties) {
		return new ReactiveMongoSequenceIdCallback(ids::getObject, context, new SequenceIdRules(properties));
	}

	@Bean
	SmartInitializingSingleton idgenReactiveMongoSequenceIdCheck(ReactiveMongoSequenceIdCallback callback) {
		return callback::checkMappings;
	}

}
