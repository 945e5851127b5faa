package io.github.idgen.autoconfigure.health;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerationException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.autoconfigure.IdGeneratorBackend;

/**
 * Reports whether every idgen backend can serve IDs (a backend whose stores tell more of
 * themselves, such as the stores of a striped store, each with its state, is shown with
 * them), with the state of every sequence used so far as the sequence describes it
 * ({@link SequenceInfo}): for a segment-based sequence its current segment, the IDs left
 * in it, the prefetched IDs, the current step and the latest fetch failure.
 */
public class IdGeneratorHealthIndicator extends AbstractHealthIndicator {

	private final DefaultIdGenerator generator;

	private final List<IdGeneratorBackend> backends;

	/**
	 * Create an indicator.
	 * @param generator the generator to report on
	 * @param backends the backends whose stores to check
	 */
	public IdGeneratorHealthIndicator(DefaultIdGenerator generator, List<IdGeneratorBackend> backends) {
		super("ID generator health check failed");
		this.generator = generator;
		this.backends = backends;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		builder.up();
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
		Map<String, Object> sequences = new TreeMap<>();
		for (Sequence sequence : this.generator.sequences()) {
			sequences.put(sequence.name(), details(sequence));
		}
		builder.withDetail("sequences", sequences);
	}

	private static Map<String, Object> details(Sequence sequence) {
		return (sequence instanceof SequenceInfo info) ? info.info() : Map.of();
	}

}
