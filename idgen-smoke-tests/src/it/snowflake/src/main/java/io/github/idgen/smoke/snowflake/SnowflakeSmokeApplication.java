package io.github.idgen.smoke.snowflake;

import java.util.Set;

import org.springframework.boot.autoconfigure.SpringBootApplication;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.SnowflakeWorker;

/**
 * An application with the idgen starter and no store, serving snowflake IDs with the
 * static worker id of {@code idgen.snowflake.worker-id}.
 */
@SpringBootApplication
public class SnowflakeSmokeApplication {

	public static void main(String[] args) {
		System.exit(new SmokeRun("snowflake", Backend.SNOWFLAKE, Set.of(), new SnowflakeWorker())
			.run(SnowflakeSmokeApplication.class, args));
	}

}
