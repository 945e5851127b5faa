package io.github.idgen.autoconfigure.snowflake;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.SequenceBackend;
import io.github.idgen.SequenceObserver;
import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendObservers;
import io.github.idgen.autoconfigure.BackendSelection;
import io.github.idgen.autoconfigure.ConditionalOnBackend;
import io.github.idgen.autoconfigure.IdDecoder;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceProperties;
import io.github.idgen.autoconfigure.WorkerLeaseStoreFactory;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.runway.LayoutRunwayCheck;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.LeasedWorker;
import io.github.idgen.snowflake.LeasedWorkerSettings;
import io.github.idgen.snowflake.SnowflakeGenerator;
import io.github.idgen.snowflake.SnowflakeSequences;
import io.github.idgen.snowflake.StateFileWorker;
import io.github.idgen.worker.KubernetesWorkerIdSource;
import io.github.idgen.worker.StaticWorkerIdSource;
import io.github.idgen.worker.WorkerId;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * The snowflake backend: one generator for this instance's worker ID, serving every
 * snowflake sequence (they share its ID space). The worker ID is static or the
 * StatefulSet ordinal, optionally with a state file that keeps its last timestamp across
 * restarts, or leased from a store the application has and fenced on every ID.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBackend(Backend.SNOWFLAKE)
class SnowflakeBackendConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(SnowflakeBackendConfiguration.class);

	private static final String STATE_FILE = "idgen.snowflake.state-file";

	@Bean
	IdGeneratorBackend idgenSnowflakeBackend(IdGeneratorProperties properties, SnowflakeProperties snowflake,
			ListableBeanFactory beanFactory, ObjectProvider<WorkerLeaseStore> leaseStores,
			ObjectProvider<WorkerLeaseStoreFactory> factories, BitLayout layout,
			@Qualifier(IdGeneratorAutoConfiguration.CLOCK) Clock clock, ObjectProvider<BackendObservers> observers,
			BackgroundThreads threads) {
		SequenceObserver observer = BackendObservers.of(observers, Backend.SNOWFLAKE);
		Duration maxBackwardWait = snowflake.getMaxBackwardWait();
		if (maxBackwardWait == null || maxBackwardWait.isNegative()) {
			throw new IdGeneratorConfigurationException("idgen.snowflake.max-backward-wait", maxBackwardWait,
					"idgen.snowflake.max-backward-wait is " + maxBackwardWait + ", but it must not be negative.",
					"Set idgen.snowflake.max-backward-wait to 0 or a positive duration such as 5ms.");
		}
		LayoutRunwayCheck.check(
				"idgen.snowflake", layout.timestampBits() + "/" + layout.datacenterBits() + "/" + layout.workerBits()
						+ "/" + layout.sequenceBits() + " from " + layout.epoch(),
				layout.lastTime(), properties, clock);
		List<Backend> stores = new BackendSelection(properties, beanFactory, getClass().getClassLoader()).present();
		Backend leaseStore = WorkerIdSelection.requireLeaseStore(snowflake, stores);
		if (leaseStore != null && snowflake.getStateFile() != null) {
			throw new IdGeneratorConfigurationException(STATE_FILE, snowflake.getStateFile(),
					"idgen.snowflake.state-file is set, but the worker ID is leased from the "
							+ leaseStore.propertyName()
							+ " store, which keeps the last timestamp of the worker ID with the lease.",
					"Remove idgen.snowflake.state-file, or keep it and give this instance a worker ID of its own with "
							+ "idgen.snowflake.worker-id (or idgen.snowflake.worker-id-source=kubernetes).");
		}
		SequenceBackend sequences = (leaseStore != null) ? leased(snowflake, layout,
				leaseStore(snowflake, leaseStore, leaseStores, factories), clock, observer, threads)
				: unleased(snowflake, layout, clock, observer, threads);
		logger.info("Snowflake IDs with layout {} run out at {}", layout, layout.lastTime());
		return new IdGeneratorBackend(Backend.SNOWFLAKE, sequences, SnowflakeBackendConfiguration::checkUnbounded);
	}

	/**
	 * Return the lease store of the worker ID: the application's {@link WorkerLeaseStore}
	 * bean if it has one, else one over the store that
	 * {@code idgen.snowflake.worker-id-source} chooses, from that store's factory.
	 */
	private static WorkerLeaseStore leaseStore(SnowflakeProperties snowflake, Backend leaseStore,
			ObjectProvider<WorkerLeaseStore> leaseStores, ObjectProvider<WorkerLeaseStoreFactory> factories) {
		return leaseStores.getIfAvailable(() -> factories.orderedStream()
			.filter((candidate) -> candidate.store() == leaseStore)
			.findFirst()
			.orElseThrow(() -> BackendSelection.unavailable(WorkerIdSelection.SOURCE, leaseStore))
			.create(new WorkerLeaseStoreFactory.LeaseRequest(WorkerIdSelection.SOURCE, snowflake.getWorkerIdSource(),
					WorkerIdSelection.alternativesTo(leaseStore))));
	}

	/**
	 * Refuse a bounded or cyclic sequence, which snowflake IDs cannot be.
	 */
	private static void checkUnbounded(String name, SequenceProperties sequence) {
		if (sequence.getMaxValue() != null || sequence.isCycle()) {
			String property = "idgen.sequences." + name + ".max-value";
			throw new IdGeneratorConfigurationException(property, sequence.getMaxValue(),
					"Sequence '" + name + "' is bounded (" + property + "=" + sequence.getMaxValue() + ", cycle="
							+ sequence.isCycle() + ") and served by 'snowflake', whose IDs are composed from time, "
							+ "worker and sequence bits and cannot be bounded or cycle.",
					"Serve '" + name + "' from another backend (idgen.sequences." + name + ".backend), or remove "
							+ property + " and idgen.sequences." + name + ".cycle.");
		}
	}

	/**
	 * The decoder of snowflake IDs for the idgen endpoint.
	 */
	@Bean
	IdDecoder idgenSnowflakeDecoder(BitLayout layout) {
		return new SnowflakeIdDecoder(layout);
	}

	/**
	 * The layout of the snowflake IDs.
	 */
	@Bean
	@ConditionalOnMissingBean
	BitLayout idgenSnowflakeLayout(SnowflakeProperties snowflake) {
		return layout(snowflake);
	}

	private static SequenceBackend unleased(SnowflakeProperties snowflake, BitLayout layout, Clock clock,
			SequenceObserver observer, BackgroundThreads threads) {
		WorkerId workerId = workerId(snowflake, layout);
		logger.info("Snowflake worker {} of datacenter {}", workerId.worker(), workerId.datacenter());
		if (snowflake.getStateFile() != null) {
			return new SnowflakeSequences(stateFileWorker(snowflake, layout, workerId, clock, observer, threads));
		}
		logger.info("Without idgen.snowflake.state-file, a restart of snowflake worker {} whose clock is behind the "
				+ "last run can repeat its IDs", workerId.worker());
		return new SnowflakeSequences(
				new SnowflakeGenerator(layout, workerId, clock, snowflake.getMaxBackwardWait(), observer));
	}

	private static StateFileWorker stateFileWorker(SnowflakeProperties snowflake, BitLayout layout, WorkerId workerId,
			Clock clock, SequenceObserver observer, BackgroundThreads threads) {
		String stateFile = snowflake.getStateFile();
		Path path = stateFilePath(stateFile);
		try {
			return new StateFileWorker(path, layout, workerId, clock, snowflake.getMaxBackwardWait(), observer,
					threads);
		}
		catch (ClockMovedBackwardsException ex) {
			throw new IdGeneratorConfigurationException(STATE_FILE, stateFile,
					"The clock of this instance is behind the timestamp that idgen.snowflake.state-file (" + stateFile
							+ ") holds for snowflake worker " + workerId.worker() + ": " + ex.getMessage(),
					"Correct the clock of this host (NTP) and start again. If the stored timestamp came from a clock "
							+ "that ran ahead, the IDs of that run hold it too: give this instance another worker ID "
							+ "and a new idgen.snowflake.state-file rather than deleting the file.",
					ex);
		}
		catch (IllegalStateException ex) {
			throw new IdGeneratorConfigurationException(STATE_FILE, stateFile,
					"idgen.snowflake.state-file is '" + stateFile + "', which cannot be used: " + ex.getMessage(),
					"Fix the file as described, or set idgen.snowflake.state-file to a file of this instance alone, "
							+ "in an existing writable directory on a local disk that survives restarts.",
					ex);
		}
	}

	private static Path stateFilePath(String stateFile) {
		if (!stateFile.isBlank()) {
			try {
				return Path.of(stateFile);
			}
			catch (InvalidPathException ex) {
				throw notAPath(stateFile, ex);
			}
		}
		throw notAPath(stateFile, null);
	}

	private static IdGeneratorConfigurationException notAPath(String stateFile, InvalidPathException cause) {
		return new IdGeneratorConfigurationException(STATE_FILE, stateFile,
				"idgen.snowflake.state-file is '" + stateFile + "', which is not a file path.",
				"Set idgen.snowflake.state-file to a file on a local disk that survives restarts, such as "
						+ "/var/lib/idgen/snowflake.state, or remove it.",
				cause);
	}

	private static SequenceBackend leased(SnowflakeProperties snowflake, BitLayout layout, WorkerLeaseStore store,
			Clock clock, SequenceObserver observer, BackgroundThreads threads) {
		Duration ttl = snowflake.getLeaseTtl();
		if (ttl == null || ttl.toMillis() < 1000) {
			throw new IdGeneratorConfigurationException("idgen.snowflake.lease-ttl", ttl,
					"idgen.snowflake.lease-ttl is " + ttl + ", but it must be at least 1s.",
					"Set idgen.snowflake.lease-ttl to 1s or more, such as 60s.");
		}
		int datacenterId = snowflake.getDatacenterId();
		if (datacenterId < 0 || datacenterId > layout.maxDatacenterId()) {
			throw new IdGeneratorConfigurationException("idgen.snowflake.datacenter-id", datacenterId,
					"idgen.snowflake.datacenter-id is " + datacenterId + ", which does not fit the "
							+ layout.datacenterBits() + " datacenter bits of the layout.",
					"Set idgen.snowflake.datacenter-id from 0 to " + layout.maxDatacenterId()
							+ ", or raise idgen.snowflake.datacenter-bits (or choose idgen.snowflake.preset).");
		}
		try {
			LeasedWorker worker = LeasedWorker.lease(store, new LeasedWorkerSettings(layout,
					snowflake.getDatacenterId(), ttl, ttl.dividedBy(5), snowflake.getMaxBackwardWait()), observer,
					clock, threads);
			return new SnowflakeSequences(worker);
		}
		catch (IllegalStateException ex) {
			throw new IdGeneratorConfigurationException("idgen.snowflake.worker-bits", layout.workerBits(),
					"No snowflake worker ID is free to lease with idgen.snowflake.worker-bits=" + layout.workerBits()
							+ ": " + ex.getMessage(),
					"Raise idgen.snowflake.worker-bits (taking the bits from sequence-bits or timestamp-bits), or run "
							+ "fewer instances, or wait up to idgen.snowflake.lease-ttl for stale leases to expire.",
					ex);
		}
	}

	private static BitLayout layout(SnowflakeProperties snowflake) {
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
			throw new IdGeneratorConfigurationException("idgen.snowflake", layoutOf(snowflake),
					"The snowflake bit layout (idgen.snowflake timestamp/datacenter/worker/sequence bits "
							+ layoutOf(snowflake) + ") is invalid: " + ex.getMessage(),
					"Set idgen.snowflake.timestamp-bits, datacenter-bits, worker-bits and sequence-bits so that 1 + "
							+ "the bits make 64 (such as 41/0/10/12) and idgen.snowflake.epoch is not in the future, "
							+ "or choose idgen.snowflake.preset.");
		}
	}

	private static String layoutOf(SnowflakeProperties snowflake) {
		return (snowflake.getPreset() != null) ? snowflake.getPreset() + " from " + snowflake.getEpoch()
				: snowflake.getTimestampBits() + "/" + snowflake.getDatacenterBits() + "/" + snowflake.getWorkerBits()
						+ "/" + snowflake.getSequenceBits() + " from " + snowflake.getEpoch();
	}

	private static WorkerId workerId(SnowflakeProperties snowflake, BitLayout layout) {
		return WorkerIdSelection.isKubernetes(snowflake) ? kubernetesWorkerId(snowflake, layout)
				: staticWorkerId(snowflake, layout);
	}

	private static WorkerId staticWorkerId(SnowflakeProperties snowflake, BitLayout layout) {
		if (snowflake.getWorkerId() < 0) {
			throw new IdGeneratorConfigurationException("idgen.snowflake.worker-id", snowflake.getWorkerId(),
					"idgen.snowflake.worker-id-source is 'static' and idgen.snowflake.worker-id is not set; every "
							+ "instance needs a worker ID of its own, from 0 to " + layout.maxWorkerId() + ".",
					"Set idgen.snowflake.worker-id, or set idgen.snowflake.worker-id-source=kubernetes in a "
							+ "StatefulSet, or lease one with idgen.snowflake.worker-id-source="
							+ WorkerIdSelection.leaseSources() + ".");
		}
		try {
			return new StaticWorkerIdSource(layout, new WorkerId(snowflake.getDatacenterId(), snowflake.getWorkerId()))
				.workerId();
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException("idgen.snowflake.worker-id", snowflake.getWorkerId(),
					"idgen.snowflake.worker-id is " + snowflake.getWorkerId() + " (datacenter-id "
							+ snowflake.getDatacenterId() + "), which does not fit the layout: " + ex.getMessage(),
					"Set idgen.snowflake.worker-id from 0 to " + layout.maxWorkerId() + " (and datacenter-id from 0 to "
							+ layout.maxDatacenterId() + "), or raise idgen.snowflake.worker-bits.");
		}
	}

	private static WorkerId kubernetesWorkerId(SnowflakeProperties snowflake, BitLayout layout) {
		try {
			return new KubernetesWorkerIdSource(layout, snowflake.getDatacenterId()).workerId();
		}
		catch (IllegalStateException | IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException("idgen.snowflake.worker-id-source", "kubernetes",
					"idgen.snowflake.worker-id-source is 'kubernetes', but no worker ID could be taken from the "
							+ "HOSTNAME: " + ex.getMessage(),
					"Run the application in a StatefulSet (HOSTNAME ending in -<ordinal> below "
							+ (layout.maxWorkerId() + 1) + "), or set idgen.snowflake.worker-id-source to static or "
							+ WorkerIdSelection.leaseSources() + ".");
		}
	}

}
