package io.github.idgen.smoke.mongoreactive;

import java.time.Duration;
import java.util.Set;

import org.springframework.boot.autoconfigure.SpringBootApplication;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.MongoCounters;
import io.github.idgen.smoke.SavedEntities;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.StoreLibrary;

/**
 * An application with the idgen starter, spring-boot-starter-data-mongodb-reactive and
 * spring-boot-starter-data-mongodb, started by {@link InJvmMongoLauncher}: it draws IDs as
 * every smoke application does, and saves documents through a reactive repository whose
 * identifier idgen draws from the sequence named after their collection.
 */
@SpringBootApplication
public class MongoReactiveSmokeApplication {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	public static void main(String[] args) {
		SavedEntities orders = new SavedEntities(
				(context) -> context.getBean(Orders.class).save(new PlacedOrder(null, "smoke")).block(TIMEOUT).id(),
				(context) -> context.getBean(Orders.class).count().block(TIMEOUT));
		MongoCounters counters = new MongoCounters();
		System.exit(new SmokeRun("mongo-reactive", Backend.MONGO,
				Set.of(StoreLibrary.DATA_MONGODB, StoreLibrary.DATA_MONGODB_REACTIVE),
				(context, highest) -> counters.check(context, highest) + "; " + orders.check(context, highest))
			.run(MongoReactiveSmokeApplication.class, args));
	}

}
