package io.github.idgen.smoke;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.springframework.context.ApplicationContext;

import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.SnowflakeId;

/**
 * The check of the snowflake application: the highest ID of each sequence carries the
 * worker id of {@code idgen.snowflake.worker-id} and a time of the last minute.
 */
public final class SnowflakeWorker implements StoreCheck {

	@Override
	public String check(ApplicationContext context, Map<String, Long> highestIds) {
		BitLayout layout = context.getBean(BitLayout.class);
		int workerId = context.getEnvironment().getRequiredProperty("idgen.snowflake.worker-id", Integer.class);
		Instant earliest = Instant.now().minus(Duration.ofMinutes(1));
		highestIds.forEach((sequence, id) -> {
			SnowflakeId decoded = layout.decode(id);
			if (decoded.worker() != workerId || decoded.timestamp().isBefore(earliest)) {
				throw new IllegalStateException("ID " + id + " of sequence '" + sequence + "' decodes to " + decoded
						+ ", not to worker " + workerId + " within the last minute");
			}
		});
		return "worker " + workerId + " in the latest ID of each sequence";
	}

}
