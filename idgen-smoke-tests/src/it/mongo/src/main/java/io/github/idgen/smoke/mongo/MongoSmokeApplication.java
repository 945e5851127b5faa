package io.github.idgen.smoke.mongo;

import java.util.Set;

import org.springframework.boot.autoconfigure.SpringBootApplication;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.MongoCounters;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.StoreLibrary;

/**
 * An application with the idgen starter and spring-boot-starter-data-mongodb only,
 * started by {@link InJvmMongoLauncher}.
 */
@SpringBootApplication
public class MongoSmokeApplication {

	public static void main(String[] args) {
		System.exit(new SmokeRun("mongo", Backend.MONGO, Set.of(StoreLibrary.DATA_MONGODB), new MongoCounters())
			.run(MongoSmokeApplication.class, args));
	}

}
