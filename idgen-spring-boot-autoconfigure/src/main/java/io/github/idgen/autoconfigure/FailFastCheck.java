package io.github.idgen.autoconfigure;

import java.util.List;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
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
				String name = BackendSelection.name(backend.backend());
				throw new IdGeneratorConfigurationException("idgen.fail-fast", true,
						"idgen.fail-fast is true and the '" + name + "' backend does not answer: " + ex.getMessage(),
						"Start " + store(backend.backend()) + ", or fix its connection properties ("
								+ connectionProperties(backend.backend())
								+ "), or set idgen.fail-fast=false to start without it (IDs then fail until it "
								+ "answers).",
						ex);
			}
		}
	}

	private static String store(Backend backend) {
		return switch (backend) {
			case JDBC -> "the database";
			case REDIS -> "Redis";
			case MONGO -> "MongoDB";
			case SNOWFLAKE -> "the store the snowflake worker id is leased from";
		};
	}

	private static String connectionProperties(Backend backend) {
		return switch (backend) {
			case JDBC -> "spring.datasource.*";
			case REDIS -> "spring.data.redis.*";
			case MONGO -> "spring.mongodb.*";
			case SNOWFLAKE -> "spring.datasource.*, spring.data.redis.* or spring.mongodb.*, and "
					+ "idgen.snowflake.worker-id-source";
		};
	}

}
