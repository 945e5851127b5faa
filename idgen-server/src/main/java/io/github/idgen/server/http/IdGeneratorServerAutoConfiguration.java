package io.github.idgen.server.http;

import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdDecoder;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceRouting;

/**
 * {@link org.springframework.boot.autoconfigure.EnableAutoConfiguration
 * Auto-configuration} of the ID server's HTTP API under {@code /api/v1}, in a servlet web
 * application with an {@link IdGenerator}: add the {@code idgen-server} module to an
 * application to serve its sequences to other processes, in any language.
 * <p>
 * Only the sequences configured under {@code idgen.sequences} and the default sequence
 * are served. With clients configured ({@code idgen.server.clients}), every call needs
 * the bearer token of one; with none, the server listens on the loopback address only
 * unless {@code server.address} is set.
 */
@AutoConfiguration(after = IdGeneratorAutoConfiguration.class)
@ConditionalOnWebApplication(type = Type.SERVLET)
@ConditionalOnBean(IdGenerator.class)
@ConditionalOnBooleanProperty(name = "idgen.server.enabled", matchIfMissing = true)
@EnableConfigurationProperties(IdGeneratorServerProperties.class)
public final class IdGeneratorServerAutoConfiguration {

	private static final String API_PATHS = "/api/v1/**";

	private static final String SERVER_ADDRESS = "server.address";

	@Bean
	ServedSequences idgenServedSequences(IdGeneratorProperties properties) {
		return new ServedSequences(properties);
	}

	@Bean
	ApiClients idgenApiClients(IdGeneratorServerProperties properties) {
		return new ApiClients(properties.getClients());
	}

	@Bean
	SequenceController idgenSequenceController(IdGenerator generator, ServedSequences sequences,
			ObjectProvider<SequenceRouting> routing, ObjectProvider<IdDecoder> decoders,
			IdGeneratorServerProperties properties) {
		return new SequenceController(generator, sequences, routing,
				new IdDecoders(routing, decoders.orderedStream().toList()), properties);
	}

	@Bean
	ServerHealthController idgenServerHealthController(List<IdGeneratorBackend> backends) {
		return new ServerHealthController(backends);
	}

	@Bean
	ApiProblemHandler idgenApiProblemHandler(IdGeneratorServerProperties properties) {
		return new ApiProblemHandler(properties.getRetryAfter());
	}

	@Bean
	WebMvcConfigurer idgenServerInterceptors(ApiClients clients, ServedSequences sequences,
			IdGeneratorServerProperties properties, ObjectProvider<MeterRegistry> registry) {
		return new WebMvcConfigurer() {

			@Override
			public void addInterceptors(InterceptorRegistry interceptors) {
				registry.ifAvailable(
						(meters) -> interceptors.addInterceptor(new ServerRequestsInterceptor(meters, sequences))
							.addPathPatterns(API_PATHS));
				interceptors.addInterceptor(new ApiAccessInterceptor(clients, properties.getMaxRequestBody()))
					.addPathPatterns(API_PATHS);
			}

		};
	}

	@Bean
	LoopbackOnlyCustomizer idgenLoopbackOnlyCustomizer(IdGeneratorServerProperties properties,
			Environment environment) {
		return new LoopbackOnlyCustomizer(
				properties.getClients().isEmpty() && !StringUtils.hasText(environment.getProperty(SERVER_ADDRESS)));
	}

}
