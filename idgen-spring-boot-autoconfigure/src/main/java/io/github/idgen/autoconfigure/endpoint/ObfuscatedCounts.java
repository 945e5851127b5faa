package io.github.idgen.autoconfigure.endpoint;

import java.util.function.Predicate;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.EndpointAccessResolver;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.util.ClassUtils;

import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.ObfuscatedSequences;

/**
 * Which sequences and period counters have their counts hidden from the actuator (the
 * {@code idgen} endpoint and the {@code idgen} health details): those of obfuscated
 * sequences, unless {@code management.endpoint.idgen.access} is {@code unrestricted}, the
 * access that decoding their numbers needs.
 */
public final class ObfuscatedCounts {

	private static final String ACCESS_RESOLVER = "org.springframework.boot.actuate.endpoint.EndpointAccessResolver";

	private ObfuscatedCounts() {
	}

	/**
	 * Return whether the counts of a sequence or period counter are hidden.
	 * @param properties the bound idgen properties
	 * @param beanFactory the bean factory that may hold Spring Boot's endpoint access
	 * resolver; without one (or without Spring Boot Actuator), counts are hidden
	 * @return the predicate over sequence and period counter names
	 */
	public static Predicate<String> hidden(IdGeneratorProperties properties, BeanFactory beanFactory) {
		ObfuscatedSequences obfuscated = new ObfuscatedSequences(properties);
		if (obfuscated.isEmpty()) {
			return (name) -> false;
		}
		boolean unrestricted = ClassUtils.isPresent(ACCESS_RESOLVER, ObfuscatedCounts.class.getClassLoader())
				&& Resolver.unrestricted(beanFactory);
		return unrestricted ? (name) -> false : obfuscated;
	}

	/**
	 * Reads the access of the endpoint, loaded only with Spring Boot Actuator.
	 */
	private static final class Resolver {

		static boolean unrestricted(BeanFactory beanFactory) {
			EndpointAccessResolver resolver = beanFactory.getBeanProvider(EndpointAccessResolver.class)
				.getIfAvailable();
			return resolver != null
					&& resolver.accessFor(EndpointId.of("idgen"), Access.READ_ONLY) == Access.UNRESTRICTED;
		}

	}

}
