package io.github.idgen.autoconfigure.metrics;

import java.util.Optional;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.autoconfigure.BackendObservers;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.ObfuscatedSequences;
import io.github.idgen.autoconfigure.runway.SequenceRunways;
import io.github.idgen.remote.RemoteSegmentStore;
import io.github.idgen.segment.striped.StripedSegmentStore;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the idgen Micrometer metrics ({@link IdGeneratorMeters}), when
 * the application has a {@link MeterRegistry}.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class, afterName = {
		"org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, DefaultIdGenerator.class })
public final class IdGeneratorMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(BackendObservers.class)
	IdGeneratorMeters idgenMeters(MeterRegistry registry, IdGeneratorProperties properties,
			ObjectProvider<SequenceRunways> runways) {
		int maxSequences = properties.getMetrics().getMaxSequences();
		if (maxSequences < 1) {
			throw new IdGeneratorConfigurationException(
					"idgen.metrics.max-sequences", maxSequences, "idgen.metrics.max-sequences is " + maxSequences
							+ ", but at least one sequence needs meters of " + "its own.",
					"Set idgen.metrics.max-sequences to 1 or more (the default is 100).");
		}
		ObfuscatedSequences obfuscated = new ObfuscatedSequences(properties);
		boolean obfuscatedCounts = properties.getMetrics().isObfuscatedCounts();
		return new IdGeneratorMeters(registry, maxSequences,
				(sequence) -> Optional.ofNullable(runways.getIfAvailable()).flatMap((known) -> known.of(sequence)),
				(sequence) -> !obfuscatedCounts && obfuscated.test(sequence));
	}

	@Bean
	StripeMeters idgenStripeMeters(MeterRegistry registry, ObjectProvider<StripedSegmentStore> stores) {
		return new StripeMeters(registry, stores);
	}

	/**
	 * The meters of the ID servers of the remote backend, where Spring's
	 * {@code RestClient}, which it calls them with, is present.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.web.client.RestClient")
	static class RemoteServerMetersConfiguration {

		@Bean
		RemoteServerMeters idgenRemoteServerMeters(MeterRegistry registry, ObjectProvider<RemoteSegmentStore> stores) {
			return new RemoteServerMeters(registry, stores);
		}

	}

}
