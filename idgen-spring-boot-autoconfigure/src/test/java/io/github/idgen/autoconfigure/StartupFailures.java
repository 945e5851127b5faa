package io.github.idgen.autoconfigure;

import org.springframework.boot.test.context.assertj.AssertableApplicationContext;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finds the idgen configuration failure behind a failed context start.
 */
final class StartupFailures {

	private StartupFailures() {
	}

	/**
	 * Assert that the context failed to start because of an idgen configuration failure
	 * naming the given property, with a description and an action that name it too.
	 * @param context the context that must have failed
	 * @param property the property that must be named
	 * @return the exception naming the property
	 */
	static IdGeneratorConfigurationException invalidProperty(AssertableApplicationContext context, String property) {
		assertThat(context).hasFailed();
		Throwable failure = context.getStartupFailure();
		while (failure != null && !(failure instanceof IdGeneratorConfigurationException)) {
			failure = failure.getCause();
		}
		assertThat(failure).as("cause of %s", context.getStartupFailure())
			.isInstanceOf(IdGeneratorConfigurationException.class);
		IdGeneratorConfigurationException invalid = (IdGeneratorConfigurationException) failure;
		assertThat(invalid.getName()).isEqualTo(property);
		assertThat(invalid.getDescription()).as("description").contains(property);
		assertThat(invalid.getAction()).as("action").contains(property);
		return invalid;
	}

}
