package io.github.idgen.autoconfigure;

import java.time.Clock;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ImportRuntimeHints;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.task.VirtualThreadTaskExecutor;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerator;
import io.github.idgen.SequenceBackend;
import io.github.idgen.SequenceNames;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.format.SequenceFormat;
import io.github.idgen.segment.KeyCheckStore;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} for the idgen {@link IdGenerator}: it routes every sequence to the
 * {@link IdGeneratorBackend} that serves it. The backends come from their own
 * auto-configurations, one per package under {@code io.github.idgen.autoconfigure}, which
 * come after this one and after those that define the stores ({@link #BACKEND_ORDER}), so
 * that their conditions see the store beans. This one decides from store beans only when
 * it creates its own.
 * <p>
 * {@code idgen.backend} chooses the backend, or when it is not set the single store the
 * application context has; {@code idgen.sequences.<name>.backend} overrides it per
 * sequence. Every bean backs off when the user defines their own. With
 * {@code idgen.fail-fast} every backend in use must answer at startup. The backends run
 * their background work on the {@link BackgroundThreads} defined here (see
 * {@link #idgenBackgroundThreads}).
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "idgen.enabled", matchIfMissing = true)
@EnableConfigurationProperties(IdGeneratorProperties.class)
@ImportRuntimeHints(IdGeneratorRuntimeHints.class)
public final class IdGeneratorAutoConfiguration {

	/**
	 * The order of the auto-configurations of the backends with a store: after every
	 * auto-configuration of the default order, such as other libraries' that define the
	 * stores the backends reserve from ({@link Backend.Store}), and before those of the
	 * lowest precedence. Each also names Spring Boot's auto-configuration of its store in
	 * {@code afterName}, so that it stays after it when another auto-configuration that
	 * is {@code after} it is sorted earlier.
	 */
	public static final int BACKEND_ORDER = Ordered.LOWEST_PRECEDENCE - 100;

	/**
	 * The name of the {@link Clock} bean that idgen takes its time from.
	 */
	public static final String CLOCK = "idgenClock";

	/**
	 * The clock of formatted IDs and of time-based IDs. Define a {@link Clock} bean named
	 * {@value #CLOCK} to replace it. It is injected only by that name, so that it neither
	 * takes the place of the application's own {@code Clock} beans nor is replaced by
	 * them (a fixed clock of the application's tests would stall time-based IDs).
	 * @return the UTC system clock
	 */
	@Bean(name = CLOCK, defaultCandidate = false)
	@ConditionalOnMissingBean(name = CLOCK)
	Clock idgenClock() {
		return Clock.systemUTC();
	}

	/**
	 * What runs the background work of every backend (segment fetches, lease heartbeats,
	 * state-file renewals, checks of striped stores): the application's {@link Executor}
	 * marked {@link IdGeneratorTaskExecutor @IdGeneratorTaskExecutor} if it has one, its
	 * delayed tasks timed by threads of idgen's own; else threads of idgen's own. idgen's
	 * own threads are virtual when {@code spring.threads.virtual.enabled} is {@code true}
	 * on Java 21 or later ({@link Threading#VIRTUAL}), platform daemon threads otherwise.
	 * Define a bean of this type to replace it.
	 * @param executor the application's executor for idgen, if any
	 * @param environment tells whether virtual threads are on
	 * @return the background threads
	 */
	@Bean
	@ConditionalOnMissingBean
	BackgroundThreads idgenBackgroundThreads(@IdGeneratorTaskExecutor ObjectProvider<Executor> executor,
			Environment environment) {
		BackgroundThreads own = Threading.VIRTUAL.isActive(environment)
				? BackgroundThreads.of(new VirtualThreadTaskExecutor("idgen-").getVirtualThreadFactory())
				: BackgroundThreads.daemon();
		Executor applicationExecutor = executor.getIfAvailable();
		return (applicationExecutor != null) ? own.on(applicationExecutor) : own;
	}

	@Bean
	@ConditionalOnMissingBean({ IdGenerator.class, SequenceRouting.class })
	SequenceRouting idgenSequenceRouting(IdGeneratorProperties properties, List<IdGeneratorBackend> backends,
			ListableBeanFactory beanFactory, ConfigurableEnvironment environment,
			ObjectProvider<BackendObservers> observers) {
		UnknownProperties.check(environment);
		SequenceKeys.check(environment);
		Map<Backend, IdGeneratorBackend> available = new EnumMap<>(Backend.class);
		backends.forEach((backend) -> available.put(backend.backend(), backend));
		Backend defaultBackend = new BackendSelection(properties, beanFactory, getClass().getClassLoader())
			.defaultBackend();
		require(available, defaultBackend, "idgen.backend");
		Map<String, Backend> bySequence = new HashMap<>();
		properties.getSequences().forEach((name, sequence) -> {
			Backend backend = defaultBackend;
			if (sequence.getBackend() != null) {
				backend = sequence.getBackend();
				require(available, backend, "idgen.sequences." + name + ".backend");
				bySequence.put(name, backend);
			}
			available.get(backend).check().check(name, sequence);
			checkMode(name, sequence, backend);
		});
		Map<Backend, SequenceBackend> sequences = new EnumMap<>(Backend.class);
		available.forEach((backend, configured) -> sequences.put(backend, configured.sequences()));
		SequenceRouting routing = new SequenceRouting(sequences, defaultBackend, bySequence,
				observers.getIfAvailable(() -> BackendObservers.NONE));
		checkBackendsServeNames(properties, routing);
		return routing;
	}

	private static void checkBackendsServeNames(IdGeneratorProperties properties, SequenceRouting routing) {
		checkBackendServesName(routing, "idgen.default-sequence", properties.getDefaultSequence());
		properties.getSequences().keySet().forEach((name) -> checkBackendServesName(routing, "idgen.sequences", name));
	}

	private static void checkBackendServesName(SequenceRouting routing, String property, String name) {
		SegmentSettingsMapper.validName(property, name);
		try {
			routing.validateName(name);
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException(property, name,
					property + " names " + SequenceNames.quote(name) + ", which the '"
							+ routing.backendOf(name).propertyName() + "' backend cannot serve: " + ex.getMessage(),
					"Rename the sequence in " + property + ", or serve it from another backend.");
		}
	}

	@Bean
	ObfuscationKeyChecks idgenObfuscationKeyChecks(IdGeneratorProperties properties,
			ObjectProvider<IdGenerator> generator) {
		return new ObfuscationKeyChecks(properties, generator);
	}

	@Bean
	@ConditionalOnMissingBean(IdGenerator.class)
	DefaultIdGenerator idGenerator(IdGeneratorProperties properties, SequenceRouting routing,
			List<IdGeneratorBackend> backends, @Qualifier(CLOCK) Clock clock,
			ObjectProvider<BackendKeyChecks> keyChecks) {
		SegmentSettingsMapper settings = new SegmentSettingsMapper(properties);
		ZoneId zone = (properties.getZone() != null) ? properties.getZone() : ZoneId.systemDefault();
		DefaultIdGenerator generator = new DefaultIdGenerator(routing, properties.getSequences().keySet(),
				settings.defaultSequence(), properties.getUnknownSequences(),
				checkedFormats(settings.formats(), routing, keyChecks), clock, zone, maxUnknownSequences(properties));
		if (properties.isFailFast()) {
			FailFastCheck.requireAvailable(backends);
		}
		return generator;
	}

	/**
	 * Return the formats with the permutation of each obfuscated one checked in the store
	 * of key check values of the backend that serves it, where that backend has one.
	 */
	private static Map<String, SequenceFormat> checkedFormats(Map<String, SequenceFormat> formats,
			SequenceRouting routing, ObjectProvider<BackendKeyChecks> keyChecks) {
		Map<Backend, KeyCheckStore> stores = BackendKeyChecks.byBackend(keyChecks.orderedStream());
		Map<String, SequenceFormat> checked = new LinkedHashMap<>();
		formats.forEach((name, format) -> {
			KeyCheckStore store = stores.get(routing.backendOf(name));
			checked.put(name, (format.format().isObfuscated() && store != null) ? format.checkedIn(store) : format);
		});
		return checked;
	}

	private static int maxUnknownSequences(IdGeneratorProperties properties) {
		int max = properties.getMaxUnknownSequences();
		if (max < 0) {
			throw new IdGeneratorConfigurationException("idgen.max-unknown-sequences", max,
					"idgen.max-unknown-sequences is " + max + ", but it must not be negative.",
					"Set idgen.max-unknown-sequences to 0 (no sequence is created on first use) or more, such as "
							+ DefaultIdGenerator.DEFAULT_MAX_UNKNOWN_SEQUENCES + ".");
		}
		return max;
	}

	/**
	 * Fail if a sequence has a mode and the backend that serves it has none.
	 */
	private static void checkMode(String name, SequenceProperties sequence, Backend backend) {
		if (sequence.getMode() != null && !backend.hasModes()) {
			String property = "idgen.sequences." + name + ".mode";
			List<Backend> withModes = List.of(Backend.values()).stream().filter(Backend::hasModes).toList();
			throw new IdGeneratorConfigurationException(property, sequence.getMode(),
					property + " is '" + sequence.getMode().name().toLowerCase(Locale.ROOT)
							+ "', but a mode applies only to sequences served by the '" + Backend.names(withModes)
							+ "' backend, and '" + name + "' is served by '" + backend.propertyName() + "'.",
					"Remove " + property + ", or set idgen.sequences." + name + ".backend="
							+ withModes.get(0).propertyName() + ".");
		}
	}

	private static void require(Map<Backend, IdGeneratorBackend> available, Backend backend, String property) {
		if (!available.containsKey(backend)) {
			throw BackendSelection.unavailable(property, backend);
		}
	}

}
