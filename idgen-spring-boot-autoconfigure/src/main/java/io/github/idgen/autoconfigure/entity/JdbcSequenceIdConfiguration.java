package io.github.idgen.autoconfigure.entity;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.jdbc.core.JdbcOperations;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.entity.relational.RelationalSequenceIdCallback;

/**
 * Spring Data JDBC aggregates: the callback that fills their identifiers, on when Spring
 * Data JDBC has a mapping context and neither {@code idgen.entities.enabled} nor
 * {@code idgen.entities.jdbc.enabled} is false. The aggregates the mapping context knows
 * once every singleton is created (those Spring Boot scans for and those of the
 * repositories) are checked then; any other when it is first saved. The callback looks
 * the IdGenerator up when it first draws an identifier, so that creating it needs no
 * backend. Unless {@code idgen.entities.check-counters} is false, no aggregate's sequence
 * may issue identifiers its table holds.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass({ RelationalSequenceIdCallback.class, JdbcMappingContext.class })
@ConditionalOnBean({ JdbcMappingContext.class, IdGenerator.class, IdGeneratorProperties.class })
@ConditionalOnBooleanProperty(name = "idgen.entities.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "idgen.entities.jdbc.enabled", matchIfMissing = true)
class JdbcSequenceIdConfiguration {

	@Bean
	RelationalSequenceIdCallback idgenRelationalSequenceIdCallback(ObjectProvider<IdGenerator> ids,
			JdbcMappingContext context, IdGeneratorProperties properties) {
		return new RelationalSequenceIdCallback(ids::getObject, context, new SequenceIdRules(properties));
	}

	@Bean
	SmartInitializingSingleton idgenRelationalSequenceIdCheck(RelationalSequenceIdCallback callback) {
		return callback::checkMappings;
	}

	@Bean
	@ConditionalOnBean({ SequenceRouting.class, JdbcOperations.class, Dialect.class })
	@ConditionalOnBooleanProperty(name = "idgen.entities.check-counters", matchIfMissing = true)
	JdbcEntityCounterCheck idgenJdbcEntityCounterCheck(JdbcMappingContext context, JdbcOperations jdbc, Dialect dialect,
			SequenceRouting routing, IdGeneratorProperties properties) {
		return new JdbcEntityCounterCheck(context, jdbc, dialect, new EntityCounters(routing, properties));
	}

}
