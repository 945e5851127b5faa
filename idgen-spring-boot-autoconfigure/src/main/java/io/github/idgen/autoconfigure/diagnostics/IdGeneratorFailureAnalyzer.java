package io.github.idgen.autoconfigure.diagnostics;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * Reports an {@link IdGeneratorConfigurationException} as Spring Boot's "APPLICATION
 * FAILED TO START" report with its description and action. It is ordered before Spring
 * Boot's own analyzer of {@code InvalidConfigurationPropertyValueException}, which the
 * exception extends.
 */
public class IdGeneratorFailureAnalyzer extends AbstractFailureAnalyzer<IdGeneratorConfigurationException>
		implements Ordered {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, IdGeneratorConfigurationException cause) {
		return new FailureAnalysis(cause.getDescription(), cause.getAction(), cause);
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
