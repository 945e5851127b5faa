package io.github.idgen.autoconfigure.entity;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.r2dbc.core.R2dbcEntityOperations;
import org.springframework.data.r2dbc.core.R2dbcEntityOperations;
import org.springframework.data.r2dbc.mapping.R2dbcMappingContext;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.entity.r2dbc.R2dbcSequenceIdCallback;

/**
 * Spring Data R2DBC entities: the callback that fills their identifiers, on when Spring
 * Data R2DBC has a mapping context and neither {@code idgen.entities.enabled} nor
 * {@code idgen.entities.r2dbc.enabled} is false. The entities the mapping context knows
 * once every singleton is created (those Spring Boot scans for and those of the
 * repositories) are checked then; any other when it is first saved. The callback looks
 * the IdGenerator up when it first draws an identifier, and the R2dbcEntityOperations
 * when it first inserts a retried entity whose row is missing.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass({ R2dbcSequenceIdCallback.class, R2dbcMappingContext.class })
@ConditionalOnBean({ R2dbcMappingContext.class, IdGenerator.class, IdGeneratorProperties.class })
@ConditionalOnBooleanProperty(name = "idgen.entities.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "idgen.entities.r2dbc.enabled", matchIfMissing = true)
class R2dbcSequenceIdConfiguration {

	@Bean
	R2dbcSequenceIdCallback idgenR2dbcSequenceIdCallback(ObjectProvider<IdGenerator> ids, R2dbcMappingContext context,
			IdGeneratorProperties properties, ObjectProvider<R2dbcEntityOperations> operations) {
		return new R2dbcSequenceIdCallback(ids::getObject, context, new SequenceIdRules(properties),
				operations::getObject);
	}

	@Bean
	SmartInitializingSingleton idgenR2dbcSequenceIdCheck(R2dbcSequenceIdCallback callback) {
		return callback::checkMappings;
	}

}
