package io.github.idgen.smoke.jdbc;

import java.util.Set;

import org.springframework.boot.autoconfigure.SpringBootApplication;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.JdbcCounters;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.StoreLibrary;

/**
 * An application with the idgen starter and spring-boot-starter-jdbc only, on an
 * embedded H2 database whose idgen table is created at startup.
 */
@SpringBootApplication
public class JdbcSmokeApplication {

	public static void main(String[] args) {
		System.exit(new SmokeRun("jdbc", Backend.JDBC, Set.of(StoreLibrary.JDBC), new JdbcCounters())
			.run(JdbcSmokeApplication.class, args));
	}

}
