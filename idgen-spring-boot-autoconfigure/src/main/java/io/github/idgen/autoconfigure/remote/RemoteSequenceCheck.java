package io.github.idgen.autoconfigure.remote;

import java.time.Duration;

import io.github.idgen.autoconfigure.SequenceProperties;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.format.ResetPeriod;

/**
 * Refuses the settings of a remote sequence that the ID servers decide: its start, bounds
 * and cycle, and its mode, reset period and obfuscation, which need a store of this
 * application's own. A step, prefetch and timeouts stay this application's, as does a
 * plain format.
 */
final class RemoteSequenceCheck {

	private RemoteSequenceCheck() {
	}

	static void check(String name, SequenceProperties sequence, Duration timeout) {
		String prefix = "idgen.sequences." + name + ".";
		RemoteSettingsCheck.checkTimeout(timeout, prefix + "fetch-timeout", sequence.getFetchTimeout());
		refuseIf(sequence.getStart() != 1, prefix + "start", sequence.getStart(), name,
				"the ID servers decide where it starts");
		refuseIf(sequence.isCycle(), prefix + "cycle", true, name, "the ID servers decide whether it cycles");
		refuseIf(sequence.getMaxValue() != null, prefix + "max-value", sequence.getMaxValue(), name,
				"the ID servers decide its bounds");
		refuseIf(sequence.getMode() != null, prefix + "mode", sequence.getMode(), name,
				"the remote backend reserves segments and has no modes");
		refuseIf(sequence.getReset() != ResetPeriod.NEVER, prefix + "reset", sequence.getReset(), name,
				"a reset period needs a counter per period, which the ID servers do not serve");
		refuseIf(sequence.isObfuscate(), prefix + "obfuscate", true, name,
				"obfuscation keeps its key check in a store of this application's own");
	}

	private static void refuseIf(boolean set, String property, Object value, String name, String reason) {
		if (set) {
			throw new IdGeneratorConfigurationException(property, value,
					property + " is set, and sequence '" + name + "' is served by the 'remote' backend: " + reason
							+ ".",
					"Remove " + property + " here (set it on the ID servers where they have it), or serve '" + name
							+ "' from a backend of this application (idgen.sequences." + name + ".backend).");
		}
	}

}
