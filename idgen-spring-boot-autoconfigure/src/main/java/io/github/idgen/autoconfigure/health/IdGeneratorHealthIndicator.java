package io.github.idgen.autoconfigure.health;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.segment.SegmentIdGenerator;

/**
 * Reports whether the store of a {@link SegmentIdGenerator} can be reached, with the
 * state of every sequence used so far: its current segment, the IDs left in it, the
 * prefetched IDs, the current step and the latest fetch failure.
 */
public class IdGeneratorHealthIndicator extends AbstractHealthIndicator {

	private final SegmentIdGenerator generator;

	/**
	 * Create an indicator.
	 * @param generator the generator to report on
	 */
	public IdGeneratorHealthIndicator(SegmentIdGenerator generator) {
		super("ID generator health check failed");
		this.generator = generator;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		try {
			this.generator.getStore().checkAvailable();
			builder.up();
		}
		catch (BackendUnavailableException ex) {
			builder.down(ex);
		}
		Map<String, Object> sequences = new TreeMap<>();
		for (SegmentBuffer.State state : this.generator.sequenceStates()) {
			sequences.put(state.name(), details(state));
		}
		builder.withDetail("sequences", sequences);
	}

	private static Map<String, Object> details(SegmentBuffer.State state) {
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("segmentStart", state.segmentStart());
		details.put("segmentEnd", state.segmentEnd());
		details.put("remaining", state.remaining());
		details.put("prefetched", state.prefetched());
		details.put("step", state.step());
		if (state.lastFailure() != null) {
			details.put("lastFailure", state.lastFailure());
		}
		return details;
	}

}
