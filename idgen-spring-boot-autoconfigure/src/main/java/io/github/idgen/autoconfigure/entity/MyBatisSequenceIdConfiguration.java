package io.github.idgen.autoconfigure.entity;

import org.apache.ibatis.session.SqlSessionFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.entity.mybatis.MyBatisSequenceIdInterceptor;

/**
 * MyBatis entities: the interceptor that fills their identifiers, on when MyBatis is on
 * the classpath and neither {@code idgen.entities.enabled} nor
 * {@code idgen.entities.mybatis.enabled} is false. mybatis-spring-boot-starter adds every
 * {@code Interceptor} bean to the {@code SqlSessionFactory} it builds. Once every
 * singleton is created, the insert statements of every {@code SqlSessionFactory} bean are
 * checked: the entity classes they declare as their parameter type, and that a factory
 * inserting such an entity has the interceptor. The interceptor looks the IdGenerator up
 * when it first draws an identifier, so that creating it needs no backend.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass({ MyBatisSequenceIdInterceptor.class, SqlSessionFactory.class })
@ConditionalOnBean({ IdGenerator.class, IdGeneratorProperties.class })
@ConditionalOnBooleanProperty(name = "idgen.entities.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "idgen.entities.mybatis.enabled", matchIfMissing = true)
class MyBatisSequenceIdConfiguration {

	@Bean
	MyBatisSequenceIdInterceptor idgenMyBatisSequenceIdInterceptor(ObjectProvider<IdGenerator> ids,
			IdGeneratorProperties properties) {
		return new MyBatisSequenceIdInterceptor(ids::getObject, new SequenceIdRules(properties));
	}

	@Bean
	SmartInitializingSingleton idgenMyBatisSequenceIdCheck(MyBatisSequenceIdInterceptor interceptor,
			ObjectProvider<SqlSessionFactory> factories) {
		return () -> factories.orderedStream()
			.forEach((factory) -> interceptor.checkMappings(factory.getConfiguration()));
	}

}
