package io.github.idgen.autoconfigure.redis;

import java.util.Locale;

import io.github.idgen.SequenceMode;
import io.github.idgen.autoconfigure.SequenceProperties;
import io.github.idgen.autoconfigure.SequenceSettingsCheck;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * The check of a sequence the Redis backend is to serve: a bounded or cyclic one only in
 * segment mode and without a floor.
 */
final class RedisSequenceChecks implements SequenceSettingsCheck {

	private final RedisProperties redis;

	RedisSequenceChecks(RedisProperties redis) {
		this.redis = redis;
	}

	@Override
	public void check(String name, SequenceProperties sequence) {
		if (sequence.getMaxValue() == null && !sequence.isCycle()) {
			return;
		}
		SequenceMode mode = (sequence.getMode() != null) ? sequence.getMode() : this.redis.getMode();
		String property = "idgen.sequences." + name + ".max-value";
		String bounded = "Sequence '" + name + "' is bounded (" + property + "=" + sequence.getMaxValue() + ", cycle="
				+ sequence.isCycle() + ")";
		if (mode != SequenceMode.SEGMENT) {
			throw new IdGeneratorConfigurationException(property, sequence.getMaxValue(), bounded
					+ ", and the 'redis' backend serves bounded or cyclic sequences only in 'segment' mode, and '"
					+ name + "' is in '" + mode.name().toLowerCase(Locale.ROOT) + "' mode.",
					"Set idgen.sequences." + name + ".mode=segment, or serve it from another backend (idgen.sequences."
							+ name + ".backend), or remove " + property + " and idgen.sequences." + name + ".cycle.");
		}
		if (this.redis.hasFloor()) {
			throw new IdGeneratorConfigurationException(property, sequence.getMaxValue(),
					bounded + ", and the 'redis' backend does not serve bounded or cyclic sequences with a floor "
							+ "(idgen.redis.floor-source), which only grows and cannot follow a counter that wraps.",
					"Serve '" + name + "' from another backend (idgen.sequences." + name
							+ ".backend), or set idgen.redis.floor-source=none, or remove " + property + " and "
							+ "idgen.sequences." + name + ".cycle.");
		}
	}

}
