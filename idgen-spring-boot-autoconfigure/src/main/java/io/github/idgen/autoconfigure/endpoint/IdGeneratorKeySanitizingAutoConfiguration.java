package io.github.idgen.autoconfigure.endpoint;

import java.util.Locale;

import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} that keeps idgen's obfuscation keys ({@code idgen.obfuscation.key}
 * and {@code idgen.sequences.<name>.key}) and the remote backend's token
 * ({@code idgen.remote.token}) masked in Spring Boot's {@code env} and
 * {@code configprops} endpoints, even where they are set to show values
 * ({@code management.endpoint.env.show-values=always}). Spring Boot applies every
 * {@link SanitizingFunction} bean to the values those endpoints show.
 */
@AutoConfiguration
@ConditionalOnClass(SanitizingFunction.class)
public final class IdGeneratorKeySanitizingAutoConfiguration {

	@Bean
	SanitizingFunction idgenKeySanitizingFunction() {
		return SanitizingFunction.sanitizeValue().ifKeyMatches(IdGeneratorKeySanitizingAutoConfiguration::isKey);
	}

	/**
	 * Return whether a property is an idgen key or token, in any of the forms Spring Boot
	 * binds: {@code idgen.obfuscation.key}, {@code idgen.sequences[order].key},
	 * {@code IDGEN_SEQUENCES_ORDER_KEY}, {@code idgen.remote.token}.
	 */
	static boolean isKey(String property) {
		String name = property.toLowerCase(Locale.ROOT).replace('_', '.');
		return name.startsWith("idgen.") && (name.endsWith(".key") || name.endsWith(".token"));
	}

}
