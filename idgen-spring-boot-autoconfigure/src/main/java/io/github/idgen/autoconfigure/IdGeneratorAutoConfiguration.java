package io.github.idgen.autoconfigure;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import io.github.idgen.IdGenerator;
import io.github.idgen.segment.SegmentIdGenerator;
import io.github.idgen.segment.SegmentStore;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the idgen {@link IdGenerator}.
 * <p>
 * The backend is chosen by {@code idgen.backend} or, when that is not set, is the store
 * the application context has. Every bean backs off when the user defines their own.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@EnableConfigurationProperties(IdGeneratorProperties.class)
@Import(JdbcBackendConfiguration.class)
public final class IdGeneratorAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(IdGenerator.class)
	SegmentIdGenerator idGenerator(ObjectProvider<SegmentStore> segmentStore, IdGeneratorProperties properties) {
		SegmentStore store = segmentStore.getIfAvailable();
		if (store == null) {
			throw noStore(properties);
		}
		SegmentSettingsMapper settings = new SegmentSettingsMapper(properties);
		return new SegmentIdGenerator(store, settings.defaults(), settings.sequences(), settings.defaultSequence(),
				properties.getUnknownSequences());
	}

	private static InvalidConfigurationPropertyValueException noStore(IdGeneratorProperties properties) {
		String backend = (properties.getBackend() != null) ? properties.getBackend().name().toLowerCase() : null;
		String reason = (backend != null) ? "The '" + backend + "' backend needs a DataSource bean and there is none"
				: "No backend is set and the application context has no store to reserve IDs from";
		return new InvalidConfigurationPropertyValueException("idgen.backend", backend,
				reason + ". Add spring-boot-starter-jdbc and a JDBC driver (or define a DataSource bean), "
						+ "or set idgen.enabled=false to turn idgen off.");
	}

}
