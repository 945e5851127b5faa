package io.github.idgen.autoconfigure.health;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.util.StringUtils;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerationException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.runway.SequenceRunways;

/**
 * Reports whether every idgen backend can serve IDs (a backend whose stores tell more of
 * themselves, such as the stores of a striped store, each with its state, is shown with
 * them), with the state of every sequence used so far as the sequence describes it
 * ({@link SequenceInfo}): for a segment-based sequence its current segment, the IDs left
 * in it, the prefetched IDs, the current step and the latest fetch failure; and its
 * {@code runway} ({@link SequenceRunways#describe}).
 * <p>
 * A sequence that has reached a limit that stops it turns the status to
 * {@code idgen.runway.exhausted-status} ({@code OUT_OF_SERVICE} by default), one whose
 * runway is shorter than {@code idgen.runway.warn-below} to
 * {@code idgen.runway.warn-status} if that is set; both are named in the detail
 * {@code runway}. A backend that cannot serve IDs makes it {@code DOWN} whatever the
 * runways.
 * <p>
 * An obfuscated sequence and its period counters show nothing that counts unless
 * {@code management.endpoint.idgen.access} is {@code unrestricted}, as in the
 * {@code idgen} endpoint: only their {@code format}, {@code reset},
 * {@code "obfuscated": true} and {@code counts} saying that they are hidden; a runway
 * that is short or exhausted still sets the status, with a warning that tells no count.
 */
public class IdGeneratorHealthIndicator extends AbstractHealthIndicator {

	private static final List<String> SHOWN_WHEN_HIDDEN = List.of("format", "reset");

	private static final String HIDDEN_COUNTS = "counts hidden: obfuscated, shown with "
			+ "management.endpoint.idgen.access=unrestricted";

	private final DefaultIdGenerator generator;

	private final List<IdGeneratorBackend> backends;

	private final SequenceRunways runways;

	private final IdGeneratorProperties.Runway settings;

	private final Predicate<String> countsHidden;

	/**
	 * Create an indicator.
	 * @param generator the generator to report on
	 * @param backends the backends whose stores to check
	 * @param runways forecasts when each sequence reaches its limit
	 * @param settings the statuses of short and exhausted runways
	 * @param countsHidden whether the counts of a sequence or period counter are hidden,
	 * such as those of an obfuscated sequence
	 */
	public IdGeneratorHealthIndicator(DefaultIdGenerator generator, List<IdGeneratorBackend> backends,
			SequenceRunways runways, IdGeneratorProperties.Runway settings, Predicate<String> countsHidden) {
		super("ID generator health check failed");
		this.generator = generator;
		this.backends = backends;
		this.runways = runways;
		this.settings = settings;
		this.countsHidden = countsHidden;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		builder.up();
		boolean down = false;
		Map<String, Object> backends = new TreeMap<>();
		for (IdGeneratorBackend backend : this.backends) {
			String name = backend.backend().name().toLowerCase(Locale.ROOT);
			String status;
			try {
				backend.sequences().checkAvailable();
				status = "UP";
			}
			catch (IdGenerationException ex) {
				builder.down(ex);
				down = true;
				status = "DOWN: " + ex.getMessage();
			}
			Map<String, Object> stores = backend.sequences().storeDetails();
			if (stores.isEmpty()) {
				backends.put(name, status);
			}
			else {
				Map<String, Object> described = new LinkedHashMap<>();
				described.put("status", status);
				described.putAll(stores);
				backends.put(name, described);
			}
		}
		builder.withDetail("backends", backends);
		Map<String, Map<String, Object>> sequences = new TreeMap<>();
		for (Sequence sequence : this.generator.sequences()) {
			Map<String, Object> info = (sequence instanceof SequenceInfo described) ? described.info() : Map.of();
			sequences.put(sequence.name(),
					this.countsHidden.test(sequence.name()) ? hidden(info) : new LinkedHashMap<>(info));
		}
		Map<String, String> exhausted = new TreeMap<>();
		Map<String, String> warnings = new TreeMap<>();
		this.runways.all().forEach((name, runway) -> {
			boolean hidden = this.countsHidden.test(name);
			if (!hidden) {
				sequences.computeIfAbsent(name, (key) -> new LinkedHashMap<>())
					.put("runway", this.runways.describe(runway));
			}
			if (runway.exhausted()) {
				exhausted.put(name, hidden ? "Reached its limit; " + HIDDEN_COUNTS : this.runways.warning(runway));
			}
			else if (this.runways.isShort(runway)) {
				warnings.put(name, hidden ? "Reaches its limit within idgen.runway.warn-below; " + HIDDEN_COUNTS
						: this.runways.warning(runway));
			}
		});
		builder.withDetail("sequences", sequences);
		if (!exhausted.isEmpty() || !warnings.isEmpty()) {
			Map<String, Object> runway = new LinkedHashMap<>();
			if (!exhausted.isEmpty()) {
				runway.put("exhausted", exhausted);
			}
			if (!warnings.isEmpty()) {
				runway.put("warnings", warnings);
			}
			builder.withDetail("runway", runway);
		}
		if (down) {
			return;
		}
		if (!exhausted.isEmpty()) {
			builder.status(this.settings.getExhaustedStatus());
		}
		else if (!warnings.isEmpty() && StringUtils.hasText(this.settings.getWarnStatus())) {
			builder.status(this.settings.getWarnStatus());
		}
	}

	private static Map<String, Object> hidden(Map<String, Object> info) {
		Map<String, Object> description = new LinkedHashMap<>();
		for (String shown : SHOWN_WHEN_HIDDEN) {
			if (info.containsKey(shown)) {
				description.put(shown, info.get(shown));
			}
		}
		description.put("obfuscated", true);
		description.put("counts", HIDDEN_COUNTS.substring("counts ".length()));
		return description;
	}

}
