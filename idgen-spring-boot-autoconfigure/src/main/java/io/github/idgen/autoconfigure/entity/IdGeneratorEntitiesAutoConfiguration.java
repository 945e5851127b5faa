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
 * Spring Data JDBC and Spring Data MongoDB auto-configurations, whose mapping contexts
 * the callbacks of those libraries need.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class,
		afterName = { "org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration",
				"org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration" })
@Import({ JpaSequenceIdConfiguration.class, JdbcSequenceIdConfiguration.class, MongoSequenceIdConfiguration.class,
		MyBatisSequenceIdConfiguration.class })
public final class IdGeneratorEntitiesAutoConfiguration {

}
