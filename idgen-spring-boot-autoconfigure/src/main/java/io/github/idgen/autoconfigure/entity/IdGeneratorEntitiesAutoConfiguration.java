package io.github.idgen.autoconfigure.entity;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Import;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorProperties;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the identifiers marked
 * {@link io.github.idgen.entity.SequenceId @SequenceId}: one configuration per
 * persistence library, each on when its library is on the classpath and
 * {@code idgen.entities.<library>.enabled} is not false.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class)
@ConditionalOnBean({ IdGenerator.class, IdGeneratorProperties.class })
@Import(JpaSequenceIdConfiguration.class)
public final class IdGeneratorEntitiesAutoConfiguration {

}
