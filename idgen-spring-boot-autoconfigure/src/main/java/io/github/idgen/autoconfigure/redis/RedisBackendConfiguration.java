package io.github.idgen.autoconfigure.redis;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import io.github.idgen.SequenceMode;
import io.github.idgen.SequenceObserver;
import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendObservers;
import io.github.idgen.autoconfigure.ConditionalOnBackend;
import io.github.idgen.autoconfigure.IdDecoder;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.BackendKeyChecks;
import io.github.idgen.autoconfigure.CounterFloorKeyChecks;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SegmentSettingsMapper;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.autoconfigure.SequenceProperties;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.runway.LayoutRunwayCheck;
import io.github.idgen.format.ResetPeriod;
import io.github.idgen.redis.CounterFloor;
import io.github.idgen.redis.RedisKeys;
import io.github.idgen.redis.RedisKeyChecks;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.redis.RedisSequences;
import io.github.idgen.redis.time.RedisTimeLayout;
import io.github.idgen.redis.time.RedisTimeSequences;
import io.github.idgen.redis.time.RedisTimeSettings;
import io.github.idgen.segment.SegmentSequences;

/**
 * The Redis backend: counters in the Redis of the application's
 * {@link RedisConnectionFactory}, served per sequence in segment, increment or time mode.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(RedisConnectionFactory.class)
@ConditionalOnBean(RedisConnectionFactory.class)
@ConditionalOnBackend(Backend.REDIS)
class RedisBackendConfiguration {

	@Bean
	IdGeneratorBackend idgenRedisBackend(RedisSegmentStore store, RedisConnectionFactory connectionFactory,
			IdGeneratorProperties properties, RedisProperties redis, RedisTimeSettings timeSettings,
			@Qualifier(IdGeneratorAutoConfiguration.CLOCK) Clock clock, ObjectProvider<BackendObservers> observers,
			BackgroundThreads threads, ObjectProvider<RedisTimeNodeConnections> nodeConnections) {
		if (usesTimeMode(properties, redis)) {
			RedisTimeLayout layout = timeSettings.layout();
			LayoutRunwayCheck.check("idgen.redis.time", layout.timestampBits() + "/" + layout.shardBits() + "/"
					+ layout.sequenceBits() + " from " + layout.epoch(), layout.lastTime(), properties, clock);
		}
		SegmentSequences segments = new SegmentSettingsMapper(properties).segmentSequences(store, observer(observers),
				threads);
		RedisSegmentStore incrementStore = new RedisSegmentStore(connectionFactory,
				RedisKeyPrefix.keys(redis.getKeyPrefix()), null, failoverJump(redis), observer(observers));
		RedisProperties.Time time = redis.getTime();
		checkNodeCount(time.getNodes(), timeSettings.layout());
		RedisTimeSequences times = time.getNodes().isEmpty()
				? RedisTimeSequences.onApplicationRedis(connectionFactory, timeSettings) : RedisTimeSequences
					.onOwnNodes(timeNodes(time.getNodes(), nodeConnections.getIfAvailable()), timeSettings);
		return new IdGeneratorBackend(Backend.REDIS,
				new RedisSequences(store, segments, incrementStore, times, perSequence(properties, redis)),
				new RedisSequenceChecks(redis));
	}

	private static boolean usesTimeMode(IdGeneratorProperties properties, RedisProperties redis) {
		return redis.getMode() == SequenceMode.TIME || properties.getSequences()
			.values()
			.stream()
			.anyMatch((sequence) -> sequence.getMode() == SequenceMode.TIME);
	}

	/**
	 * Return the mode, the first ID and the wait timeout (its {@code fetch-timeout}) of
	 * each sequence: its own, or for a period counter such as {@code order@20261121}
	 * those of {@code order}, or the defaults.
	 */
	private static RedisSequences.PerSequence perSequence(IdGeneratorProperties properties, RedisProperties redis) {
		return new RedisSequences.PerSequence() {

			@Override
			public SequenceMode mode(String sequence) {
				SequenceProperties settings = settingsOf(sequence);
				return (settings != null && settings.getMode() != null) ? settings.getMode() : redis.getMode();
			}

			@Override
			public long start(String sequence) {
				SequenceProperties settings = settingsOf(sequence);
				return (settings != null) ? settings.getStart() : 1;
			}

			@Override
			public Duration waitTimeout(String sequence) {
				SequenceProperties settings = settingsOf(sequence);
				return (settings != null && settings.getFetchTimeout() != null) ? settings.getFetchTimeout()
						: properties.getSegment().getFetchTimeout();
			}

			private SequenceProperties settingsOf(String name) {
				Map<String, SequenceProperties> sequences = properties.getSequences();
				return sequences.getOrDefault(name, sequences.get(ResetPeriod.sequenceOf(name)));
			}

		};
	}

	/**
	 * The decoder of time-mode IDs for the idgen endpoint, when a sequence is in time
	 * mode.
	 */
	@Bean
	@Conditional(OnTimeModeCondition.class)
	IdDecoder idgenRedisTimeDecoder(RedisTimeSettings timeSettings) {
		return new RedisTimeIdDecoder(timeSettings.layout());
	}

	/**
	 * The layout, shard and bounds of the sequences in time mode.
	 */
	@Bean
	@ConditionalOnMissingBean
	RedisTimeSettings idgenRedisTimeSettings(RedisProperties redis) {
		return timeSettings(redis);
	}

	/**
	 * The key check values of the obfuscated sequences: with the counter floor if
	 * {@code idgen.redis.floor-source} names one, which a Redis that loses its data does
	 * not lose, and in Redis next to the counters otherwise.
	 */
	@Bean
	BackendKeyChecks idgenRedisKeyChecks(RedisConnectionFactory connectionFactory, RedisProperties redis,
			ObjectProvider<CounterFloorKeyChecks> floorKeyChecks) {
		CounterFloorKeyChecks floor = redis.hasFloor() ? floorKeyChecks.getIfAvailable() : null;
		return new BackendKeyChecks(Backend.REDIS, (floor != null) ? floor.store()
				: new RedisKeyChecks(connectionFactory, RedisKeyPrefix.keys(redis.getKeyPrefix())));
	}

	@Bean
	@ConditionalOnMissingBean
	RedisSegmentStore idgenRedisSegmentStore(RedisConnectionFactory connectionFactory, RedisProperties redis,
			ObjectProvider<CounterFloor> floor, ObjectProvider<BackendObservers> observers) {
		RedisKeys keys = RedisKeyPrefix.keys(redis.getKeyPrefix());
		long failoverJump = failoverJump(redis);
		return new RedisSegmentStore(connectionFactory, keys, RedisFloor.of(redis, floor), failoverJump,
				observer(observers));
	}

	private static SequenceObserver observer(ObjectProvider<BackendObservers> observers) {
		return BackendObservers.of(observers, Backend.REDIS);
	}

	private static long failoverJump(RedisProperties redis) {
		if (redis.getFailoverJump() < 0) {
			throw new IdGeneratorConfigurationException("idgen.redis.failover-jump", redis.getFailoverJump(),
					"idgen.redis.failover-jump is " + redis.getFailoverJump() + ", but it must not be negative.",
					"Set idgen.redis.failover-jump to 0 (refuse a counter whose Redis server changed) or to more IDs "
							+ "than are reserved during the longest replication lag, such as 1000000000.");
		}
		return redis.getFailoverJump();
	}

	private static RedisTimeSettings timeSettings(RedisProperties redis) {
		RedisProperties.Time time = redis.getTime();
		RedisTimeLayout layout;
		try {
			layout = new RedisTimeLayout(time.getTimestampBits(), time.getShardBits(), time.getSequenceBits(),
					time.getEpoch());
		}
		catch (IllegalArgumentException ex) {
			String value = time.getTimestampBits() + "/" + time.getShardBits() + "/" + time.getSequenceBits() + " from "
					+ time.getEpoch();
			throw new IdGeneratorConfigurationException("idgen.redis.time", value,
					"The layout of Redis time-mode IDs (idgen.redis.time timestamp/shard/sequence bits " + value
							+ ") is invalid: " + ex.getMessage(),
					"Set idgen.redis.time.timestamp-bits, shard-bits, sequence-bits and epoch so that 1 + the bits "
							+ "make 64 and the epoch is not in the future, such as 41/12/10.");
		}
		try {
			return new RedisTimeSettings(layout, time.getShard(), redis.getKeyPrefix(),
					RedisTimeSettings.DEFAULT_MAX_AHEAD, RedisTimeSettings.DEFAULT_MAX_WAIT);
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException("idgen.redis.time.shard", time.getShard(),
					"idgen.redis.time.shard is " + time.getShard() + ", which is not a valid shard: " + ex.getMessage(),
					"Set idgen.redis.time.shard to a value from 0 to " + layout.maxShard()
							+ ", or raise idgen.redis.time.shard-bits.");
		}
	}

	private static void checkNodeCount(List<String> nodes, RedisTimeLayout layout) {
		if (nodes.size() - 1 > layout.maxSequence()) {
			throw new IdGeneratorConfigurationException("idgen.redis.time.nodes", nodes.size() + " nodes",
					"idgen.redis.time.nodes has " + nodes.size() + " nodes, but each needs a sequence value of its own "
							+ "per millisecond and idgen.redis.time.sequence-bits=" + layout.sequenceBits() + " gives "
							+ (layout.maxSequence() + 1) + ".",
					"Remove nodes from idgen.redis.time.nodes, or raise idgen.redis.time.sequence-bits.");
		}
	}

	private static List<? extends RedisConnectionFactory> timeNodes(List<String> urls,
			RedisTimeNodeConnections connections) {
		if (connections == null) {
			throw new IdGeneratorConfigurationException("idgen.redis.time.nodes", urls.size() + " nodes",
					"idgen.redis.time.nodes lists " + urls.size() + " nodes, and idgen connects to them with Lettuce, "
							+ "which is not on the classpath.",
					"Add io.lettuce:lettuce-core to the application (with spring.data.redis.client-type=jedis to keep "
							+ "Jedis for the application's own connection), or remove idgen.redis.time.nodes to serve "
							+ "time mode from the application's Redis.");
		}
		return connections.connect(urls);
	}

	/**
	 * The connections to the nodes of time mode, when Lettuce, which makes them, is on
	 * the classpath. A condition rather than a look-up of a Lettuce class by name when
	 * the backend is created: an application processed ahead of time decides it when it
	 * is built, as it decides every other condition on its classpath, and a native image
	 * needs no reflection for it.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "io.lettuce.core.RedisClient")
	static class TimeNodeConnectionsConfiguration {

		@Bean
		RedisTimeNodeConnections idgenRedisTimeNodeConnections() {
			return new RedisTimeNodeConnections();
		}

	}

}
