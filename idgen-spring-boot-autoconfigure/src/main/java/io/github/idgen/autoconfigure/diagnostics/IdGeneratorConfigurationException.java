package io.github.idgen.autoconfigure.diagnostics;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * Thrown when idgen cannot start with its configuration: an invalid value of an
 * {@code idgen} property, a store the configuration needs and the application lacks, or a
 * backend that does not answer while {@code idgen.fail-fast} is set. It carries what is
 * wrong and how to fix it, which {@link IdGeneratorFailureAnalyzer} reports as the
 * Description and Action of Spring Boot's startup failure report.
 */
public class IdGeneratorConfigurationException extends InvalidConfigurationPropertyValueException {

	private final String description;

	private final String action;

	/**
	 * Create an exception.
	 * @param property the property to change
	 * @param value the value of the property, may be {@code null}
	 * @param description what is wrong, naming the property and its value
	 * @param action a concrete fix, naming the property
	 */
	public IdGeneratorConfigurationException(String property, Object value, String description, String action) {
		this(property, value, description, action, null);
	}

	/**
	 * Create an exception.
	 * @param property the property to change
	 * @param value the value of the property, may be {@code null}
	 * @param description what is wrong, naming the property and its value
	 * @param action a concrete fix, naming the property
	 * @param cause the failure behind it, may be {@code null}
	 */
	public IdGeneratorConfigurationException(String property, Object value, String description, String action,
			Throwable cause) {
		super(property, value, description + (description.endsWith(".") ? " " : ". ") + action, cause);
		this.description = description;
		this.action = action;
	}

	/**
	 * Return what is wrong, naming the property and its value.
	 * @return the description
	 */
	public String getDescription() {
		return this.description;
	}

	/**
	 * Return a concrete fix, naming the property.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
	}

}
