package io.github.idgen.autoconfigure;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import io.github.idgen.SequenceBackend;
import io.github.idgen.SequenceObserver;
import io.github.idgen.WorkerIdLostException;
import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.KubernetesWorkerIdSource;
import io.github.idgen.snowflake.SnowflakeGenerator;
import io.github.idgen.snowflake.SnowflakeSequence;
import io.github.idgen.snowflake.StaticWorkerIdSource;
import io.github.idgen.snowflake.WorkerId;
import io.github.idgen.worker.LeasedWorker;
import io.github.idgen.worker.LeasedWorkerSequence;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * The snowflake backend: one generator for this instance's worker id, serving every
 * snowflake sequence (they share its ID space). The worker id is static, the
 * StatefulSet ordinal, or leased from the application's JDBC, Redis or MongoDB store and
 * fenced on every ID.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBackend(Backend.SNOWFLAKE)
@Import({ WorkerLeaseStoreConfigurations.Jdbc.class, WorkerLeaseStoreConfigurations.Redis.class,
		WorkerLeaseStoreConfigurations.Mongo.class })
class SnowflakeBackendConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(SnowflakeBackendConfiguration.class);

	@Bean
	IdGeneratorBackend idgenSnowflakeBackend(IdGeneratorProperties properties, ListableBeanFactory beanFactory,
			ObjectProvider<WorkerLeaseStore> leaseStores, BitLayout layout,
			ObjectProvider<BackendObservers> observers) {
		IdGeneratorProperties.Snowflake snowflake = properties.getSnowflake();
		SequenceObserver observer = observers.getIfAvailable(() -> BackendObservers.NONE)
			.observer(Backend.SNOWFLAKE);
		Duration maxBackwardWait = snowflake.getMaxBackwardWait();
		if (maxBackwardWait == null || maxBackwardWait.isNegative()) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake.max-backward-wait", maxBackwardWait,
					"must not be negative");
		}
		List<Backend> stores = new BackendSelection(properties, beanFactory, getClass().getClassLoader()).present();
		Backend leaseStore = WorkerIdSelection.requireLeaseStore(snowflake, stores);
		SequenceBackend sequences = (leaseStore != null)
				? leased(snowflake, layout, leaseStore, leaseStores.getIfAvailable(), observer)
				: unleased(snowflake, layout, observer);
		logger.info("Snowflake IDs with layout {} run out at {}", layout, layout.lastTime());
		return new IdGeneratorBackend(Backend.SNOWFLAKE, sequences);
	}

	/**
	 * The layout of the snowflake IDs; also what the idgen endpoint decodes them with.
	 */
	@Bean
	@ConditionalOnMissingBean
	BitLayout idgenSnowflakeLayout(IdGeneratorProperties properties) {
		return layout(properties.getSnowflake());
	}

	private static SequenceBackend unleased(IdGeneratorProperties.Snowflake snowflake, BitLayout layout,
			SequenceObserver observer) {
		WorkerId workerId = workerId(snowflake, layout);
		SnowflakeGenerator generator = new SnowflakeGenerator(layout, workerId, Clock.systemUTC(),
				snowflake.getMaxBackwardWait(), 0, observer);
		logger.info("Snowflake worker {} of datacenter {}", workerId.worker(), workerId.datacenter());
		return new SequenceBackend() {

			@Override
			public SnowflakeSequence create(String name) {
				return new SnowflakeSequence(name, generator);
			}

			@Override
			public void checkAvailable() {
			}

		};
	}

	private static SequenceBackend leased(IdGeneratorProperties.Snowflake snowflake, BitLayout layout,
			Backend leaseStore, WorkerLeaseStore store, SequenceObserver observer) {
		if (store == null) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake.worker-id-source",
					BackendSelection.name(leaseStore), BackendSelection.unavailable(leaseStore));
		}
		Duration ttl = snowflake.getLeaseTtl();
		if (ttl == null || ttl.toMillis() < 1000) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake.lease-ttl", ttl,
					"must be at least 1s");
		}
		try {
			LeasedWorker worker = new LeasedWorker(store, layout, snowflake.getDatacenterId(), ttl, ttl.dividedBy(5),
					snowflake.getMaxBackwardWait(), observer);
			return new LeasedSequences(worker);
		}
		catch (IllegalStateException ex) {
			throw new InvalidConfigurationPropertyValueException("idgen.snowflake.worker-bits", layout.workerBits(),
					ex.getMessage());
		}
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
		return (snowflake.getWorkerIdSource() == IdGeneratorProperties.WorkerIdSourceType.KUBERNETES)
				? kubernetesWorkerId(snowflake, layout) : staticWorkerId(snowflake, layout);
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

	/**
	 * The sequences of a leased worker: every name shares its ID space; unavailable while
	 * the lease is not known valid; closing releases the lease.
	 */
	private static final class LeasedSequences implements SequenceBackend, AutoCloseable {

		private final LeasedWorker worker;

		LeasedSequences(LeasedWorker worker) {
			this.worker = worker;
		}

		@Override
		public LeasedWorkerSequence create(String name) {
			return new LeasedWorkerSequence(name, this.worker);
		}

		@Override
		public void checkAvailable() {
			if (!this.worker.isValid()) {
				throw new WorkerIdLostException("The lease of snowflake worker id " + this.worker.workerId().worker()
						+ " is not known valid; IDs resume once it is renewed or a worker id is leased again");
			}
		}

		@Override
		public void close() {
			this.worker.close();
		}

	}

}
