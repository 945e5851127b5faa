package io.github.idgen.smoke.striped;

import java.util.Set;

import javax.sql.DataSource;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.StoreLibrary;
import io.github.idgen.smoke.StripedCounters;

/**
 * An application with the idgen starter and spring-boot-starter-jdbc only, whose IDs are
 * striped over three embedded H2 databases ({@code idgen.jdbc.data-sources}), none of
 * them primary.
 */
@SpringBootApplication
public class StripedSmokeApplication {

	public static void main(String[] args) {
		System.exit(new SmokeRun("jdbc-striped", Backend.JDBC, Set.of(StoreLibrary.JDBC), new StripedCounters())
			.run(StripedSmokeApplication.class, args));
	}

	@Bean
	DataSource idsA() {
		return database("ids-a");
	}

	@Bean
	DataSource idsB() {
		return database("ids-b");
	}

	@Bean
	DataSource idsC() {
		return database("ids-c");
	}

	private static DataSource database(String name) {
		return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).setName(name).build();
	}

}
