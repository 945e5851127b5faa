package io.github.idgen.autoconfigure.diagnostics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import javax.sql.DataSource;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;
import org.springframework.core.io.support.SpringFactoriesLoader.FailureHandler;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcBackendAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

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
	 * Return the analysis of a failure by the first failure analyzer on the classpath
	 * that analyzes it, in the order Spring Boot applies them, after putting the
	 * analyzers of one type last, as a classpath might list them, so that only their
	 * declared order can bring them first.
	 * @param failure the failure
	 * @param listedLast the type of the analyzers to list last
	 * @param bootAnalyzer the class name of Spring Boot's analyzer that must be on the
	 * classpath too
	 * @return the first analysis
	 */
	static FailureAnalysis firstAnalysis(Throwable failure, Class<? extends FailureAnalyzer> listedLast,
			String bootAnalyzer) {
		List<FailureAnalyzer> analyzers = new ArrayList<>(
				SpringFactoriesLoader.forDefaultResourceLocation(FailureAnalyzerFixtures.class.getClassLoader())
					.load(FailureAnalyzer.class,
							ArgumentResolver.of(Environment.class, new StandardEnvironment())
								.and(BeanFactory.class, new DefaultListableBeanFactory()),
							FailureHandler.handleMessage((message, cause) -> {
							})));
		assertThat(analyzers).anyMatch((analyzer) -> analyzer.getClass().getName().equals(bootAnalyzer));
		analyzers.sort(Comparator.comparing(listedLast::isInstance));
		AnnotationAwareOrderComparator.sort(analyzers);
		return analyzers.stream()
			.map((analyzer) -> analyzer.analyze(failure))
			.filter(Objects::nonNull)
			.findFirst()
			.orElseThrow();
	}

	/**
	 * An application with a DataSource and idgen.
	 */
	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, IdGeneratorAutoConfiguration.class,
			JdbcBackendAutoConfiguration.class })
	static class JdbcApplication {

	}

}
