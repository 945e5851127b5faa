package io.github.idgen.autoconfigure.diagnostics;

import javax.sql.DataSource;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;

/**
 * What the failure analyzer tests start idgen with.
 */
final class FailureAnalyzerFixtures {

	private FailureAnalyzerFixtures() {
	}

	/**
	 * Return a data source whose database does not answer: nothing listens on port 1.
	 */
	static DataSource unreachable() {
		return new DriverManagerDataSource("jdbc:h2:tcp://127.0.0.1:1/unreachable");
	}

	/**
	 * An application with a DataSource and idgen.
	 */
	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, IdGeneratorAutoConfiguration.class })
	static class JdbcApplication {

	}

}
