package io.github.idgen.autoconfigure;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Finds the invalid property behind a failed context start.
 */
final class StartupFailures {

	private StartupFailures() {
	}

	/**
	 * Assert that the context failed to start because of an invalid value of the given
	 * property.
	 * @param context the context that must have failed
	 * @param property the property that must be named
	 * @return the exception naming the property
	 */
	static InvalidConfigurationPropertyValueException invalidProperty(AssertableApplicationContext context,
			String property) {
		assertThat(context).hasFailed();
		Throwable failure = context.getStartupFailure();
		while (failure != null && !(failure instanceof InvalidConfigurationPropertyValueException)) {
			failure = failure.getCause();
		}
		assertThat(failure).as("cause of %s", context.getStartupFailure())
			.isInstanceOf(InvalidConfigurationPropertyValueException.class);
		InvalidConfigurationPropertyValueException invalid = (InvalidConfigurationPropertyValueException) failure;
		assertThat(invalid.getName()).isEqualTo(property);
		return invalid;
	}

}
