package io.github.idgen.autoconfigure;

import java.time.Clock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.SequenceBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.KubernetesWorkerIdSource;
import io.github.idgen.snowflake.SnowflakeGenerator;
import io.github.idgen.snowflake.SnowflakeSequence;
import io.github.idgen.snowflake.StaticWorkerIdSource;
import io.github.idgen.snowflake.WorkerId;

/**
 * The snowflake backend: one {@link SnowflakeGenerator} for this instance's worker id,
 * serving every snowflake sequence (they share its ID space).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBackend(Backend.SNOWFLAKE)
class SnowflakeBackendConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(SnowflakeBackendConfiguration.class);

	@Bean
	IdGeneratorBackend idgenSnowflakeBackend(SnowflakeGenerator generator) {
		SequenceBackend sequences = new SequenceBackend() {

			@Override
			public SnowflakeSequence create(String name) {
				return new SnowflakeSequence(name, generator);
			}

			@Override
			public void checkAvailable() {
			}

		};
		return new IdGeneratorBackend(Backend.SNOWFLAKE, sequences);
	}

	@Bean
	@ConditionalOnMissingBean
	SnowflakeGenerator idgenSnowflakeGenerator(IdGeneratorProperties properties) {
		IdGeneratorProperties.Snowflake snowflake = properties.getSnowflake();
		BitLayout layout = layout(snowflake);
		WorkerId workerId = workerId(snowflake, layout);
		if (snowflake.getMaxBackwardWait() == null || snowflake.getMaxBackwardWait().isNegative()) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake.max-backward-wait",
					snowflake.getMaxBackwardWait(), "must not be negative");
		}
		SnowflakeGenerator generator = new SnowflakeGenerator(layout, workerId, Clock.systemUTC(),
				snowflake.getMaxBackwardWait());
		logger.info("Snowflake IDs for datacenter {} worker {} with layout {} run out at {}, {} from now",
				workerId.datacenter(), workerId.worker(), layout, layout.lastTime(), generator.remainingLifetime());
		return generator;
	}

	private static BitLayout layout(IdGeneratorProperties.Snowflake snowflake) {
		try {
			if (snowflake.getPreset() != null) {
				BitLayout preset = switch (snowflake.getPreset()) {
					case STANDARD -> BitLayout.standard();
					case DATACENTER_AND_WORKER -> BitLayout.datacenterAndWorker();
					case JAVASCRIPT_SAFE -> BitLayout.javascriptSafe();
				};
				return preset.withEpoch(snowflake.getEpoch());
			}
			return new BitLayout(snowflake.getEpoch(), snowflake.getTimestampBits(), snowflake.getDatacenterBits(),
					snowflake.getWorkerBits(), snowflake.getSequenceBits());
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake", layoutOf(snowflake),
					ex.getMessage() + " (set idgen.snowflake.timestamp-bits, datacenter-bits, worker-bits, "
							+ "sequence-bits and epoch, or idgen.snowflake.preset)");
		}
	}

	private static String layoutOf(IdGeneratorProperties.Snowflake snowflake) {
		return (snowflake.getPreset() != null) ? snowflake.getPreset() + " from " + snowflake.getEpoch()
				: snowflake.getTimestampBits() + "/" + snowflake.getDatacenterBits() + "/" + snowflake.getWorkerBits()
						+ "/" + snowflake.getSequenceBits() + " from " + snowflake.getEpoch();
	}

	private static WorkerId workerId(IdGeneratorProperties.Snowflake snowflake, BitLayout layout) {
		return switch (snowflake.getWorkerIdSource()) {
			case STATIC -> staticWorkerId(snowflake, layout);
			case KUBERNETES -> kubernetesWorkerId(snowflake, layout);
		};
	}

	private static WorkerId staticWorkerId(IdGeneratorProperties.Snowflake snowflake, BitLayout layout) {
		if (snowflake.getWorkerId() < 0) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake.worker-id", snowflake.getWorkerId(),
					"Every instance needs a worker id of its own, from 0 to " + layout.maxWorkerId()
							+ ": set it, or set idgen.snowflake.worker-id-source=kubernetes in a StatefulSet");
		}
		try {
			return new StaticWorkerIdSource(layout, new WorkerId(snowflake.getDatacenterId(), snowflake.getWorkerId()))
				.workerId();
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake.worker-id", snowflake.getWorkerId(),
					ex.getMessage());
		}
	}

	private static WorkerId kubernetesWorkerId(IdGeneratorProperties.Snowflake snowflake, BitLayout layout) {
		try {
			return new KubernetesWorkerIdSource(layout, snowflake.getDatacenterId()).workerId();
		}
		catch (IllegalStateException | IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake.worker-id-source", "kubernetes",
					ex.getMessage());
		}
	}

}
