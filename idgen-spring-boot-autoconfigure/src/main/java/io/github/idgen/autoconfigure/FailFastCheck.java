package io.github.idgen.autoconfigure;

import java.util.List;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * The startup check of {@code idgen.fail-fast}: every backend in use must answer, else
 * the application does not start.
 */
final class FailFastCheck {

	private FailFastCheck() {
	}

	/**
	 * Check that each of the given backends can serve IDs.
	 * @param backends the backends in use
	 * @throws IdGeneratorConfigurationException naming the first backend that does not
	 * answer
	 */
	static void requireAvailable(List<IdGeneratorBackend> backends) {
		for (IdGeneratorBackend backend : backends) {
			try {
				backend.sequences().checkAvailable();
			}
			catch (RuntimeException ex) {
				String name = backend.backend().propertyName();
				throw new IdGeneratorConfigurationException("idgen.fail-fast", true,
						"idgen.fail-fast is true and the '" + name + "' backend does not answer: " + ex.getMessage(),
						"Start " + backend.backend().description() + ", or fix its connection properties ("
								+ backend.backend().connectionProperties()
								+ "), or set idgen.fail-fast=false to start without it (IDs then fail until it "
								+ "answers).",
						ex);
			}
		}
	}

}
