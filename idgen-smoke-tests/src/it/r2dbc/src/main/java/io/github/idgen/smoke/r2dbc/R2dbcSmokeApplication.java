package io.github.idgen.smoke.r2dbc;

import java.time.Duration;
import java.util.Set;

import javax.sql.DataSource;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.JdbcCounters;
import io.github.idgen.smoke.SavedEntities;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.StoreLibrary;

/**
 * An application with the idgen starter, spring-boot-starter-data-r2dbc and
 * spring-boot-starter-jdbc, on one in-memory H2 database: it draws IDs as every smoke
 * application does, and saves entities through a reactive repository whose identifier
 * idgen draws from the sequence named after their table. Spring Boot configures no
 * DataSource when it configures an R2DBC ConnectionFactory, so the application declares
 * the one idgen keeps its segments in, from {@code spring.datasource.*}.
 */
@SpringBootApplication
public class R2dbcSmokeApplication {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	@Bean
	@ConfigurationProperties("spring.datasource")
	DataSourceProperties dataSourceProperties() {
		return new DataSourceProperties();
	}

	@Bean
	DataSource dataSource(DataSourceProperties properties) {
		return properties.initializeDataSourceBuilder().build();
	}

	public static void main(String[] args) {
		SavedEntities orders = new SavedEntities(
				(context) -> context.getBean(Orders.class).save(new PlacedOrder(null, "smoke")).block(TIMEOUT).id(),
				(context) -> context.getBean(Orders.class).count().block(TIMEOUT));
		JdbcCounters counters = new JdbcCounters();
		System.exit(new SmokeRun("r2dbc", Backend.JDBC, Set.of(StoreLibrary.JDBC, StoreLibrary.DATA_R2DBC),
				(context, highest) -> counters.check(context, highest) + "; " + orders.check(context, highest))
			.run(R2dbcSmokeApplication.class, args));
	}

}
