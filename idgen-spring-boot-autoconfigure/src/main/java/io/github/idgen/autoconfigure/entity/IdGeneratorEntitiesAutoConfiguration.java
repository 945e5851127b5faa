package io.github.idgen.autoconfigure.entity;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Import;

import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the identifiers marked
 * {@link io.github.idgen.entity.SequenceId @SequenceId}: one configuration per
 * persistence library, each on when its library is on the classpath and
 * {@code idgen.entities.<library>.enabled} is not false. It comes after Spring Boot's
 * Spring Data JDBC, Spring Data MongoDB (imperative and reactive) and Spring Data R2DBC
 * auto-configurations, whose mapping contexts and templates the callbacks of those
 * libraries need.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class,
		afterName = { "org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration",
				"org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration",
				"org.springframework.boot.data.mongodb.autoconfigure.DataMongoReactiveAutoConfiguration",
				"org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcAutoConfiguration" })
@Import({ JpaSequenceIdConfiguration.class, JdbcSequenceIdConfiguration.class, MongoSequenceIdConfiguration.class,
		ReactiveMongoSequenceIdConfiguration.class, R2dbcSequenceIdConfiguration.class,
		MyBatisSequenceIdConfiguration.class })
public final class IdGeneratorEntitiesAutoConfiguration {

}
