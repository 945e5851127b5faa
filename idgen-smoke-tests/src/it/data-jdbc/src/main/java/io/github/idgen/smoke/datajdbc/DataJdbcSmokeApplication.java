package io.github.idgen.smoke.datajdbc;

import java.util.Set;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.JdbcCounters;
import io.github.idgen.smoke.SavedEntities;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.StoreLibrary;

/**
 * An application with the idgen starter and spring-boot-starter-data-jdbc only, on an
 * embedded H2 database: it draws IDs as every smoke application does, and saves
 * aggregates whose identifier idgen draws from the sequence named after their table.
 * Hibernate is not on its classpath, so the annotation's Hibernate meta-annotation is not
 * there either.
 */
@SpringBootApplication
public class DataJdbcSmokeApplication {

	public static void main(String[] args) {
		SavedEntities orders = new SavedEntities(
				(context) -> context.getBean(Orders.class).save(new PlacedOrder(null, "smoke")).id(),
				(context) -> context.getBean(JdbcTemplate.class).queryForObject("SELECT COUNT(*) FROM \"orders\"",
						Long.class));
		JdbcCounters counters = new JdbcCounters();
		System.exit(new SmokeRun("data-jdbc", Backend.JDBC, Set.of(StoreLibrary.JDBC, StoreLibrary.DATA_JDBC),
				(context, highest) -> counters.check(context, highest) + "; " + orders.check(context, highest))
			.run(DataJdbcSmokeApplication.class, args));
	}

}
