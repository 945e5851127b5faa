package io.github.idgen.autoconfigure;

import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisConnectionFactory;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.endpoint.IdGeneratorEndpoint;
import io.github.idgen.autoconfigure.endpoint.IdGeneratorEndpointAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthIndicator;
import io.github.idgen.autoconfigure.metrics.IdGeneratorMetricsAutoConfiguration;
import io.github.idgen.test.SwitchableConnectionFactory;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Health, the actuator endpoint and metrics under a default locale whose case mapping
 * differs from English: in Turkish, {@code "REDIS".toLowerCase()} is {@code "redıs"} and
 * {@code "INCREMENT".toLowerCase()} is {@code "ıncrement"}, with a dotless i.
 */
class LocaleIndependenceTests {

	private Locale defaultLocale;

	@BeforeEach
	void speakTurkish() {
		this.defaultLocale = Locale.getDefault();
		Locale.setDefault(Locale.forLanguageTag("tr-TR"));
	}

	@AfterEach
	void restoreLocale() {
		Locale.setDefault(this.defaultLocale);
	}

	@Test
	@SuppressWarnings("unchecked")
	void healthEndpointAndMetricsNameBackendsAndModesAlike() {
		String prefix = "idgen-locale-" + UUID.randomUUID().toString().substring(0, 8) + ":";
		new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(IdGeneratorHealthContributorAutoConfiguration.class,
					IdGeneratorEndpointAutoConfiguration.class, IdGeneratorMetricsAutoConfiguration.class))
			.withBean(RedisConnectionFactory.class, () -> new SwitchableConnectionFactory(TestBackends.redis()))
			.withBean(SimpleMeterRegistry.class)
			.withPropertyValues("management.endpoints.web.exposure.include=idgen", "idgen.redis.key-prefix=" + prefix,
					"idgen.sequences.invoice.mode=increment", "idgen.sequences.ticket.mode=time")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				ids.nextId("invoice");
				ids.nextId("ticket");
				ids.nextId("order");
				Map<String, Object> invoice = (Map<String, Object>) context.getBean(IdGeneratorEndpoint.class)
					.sequence("invoice")
					.getBody();
				assertThat(invoice).containsEntry("backend", "redis").containsEntry("mode", "increment");
				Map<String, Object> ticket = (Map<String, Object>) context.getBean(IdGeneratorEndpoint.class)
					.sequence("ticket")
					.getBody();
				assertThat(ticket).containsEntry("mode", "time");
				Health health = context.getBean(IdGeneratorHealthIndicator.class).health();
				assertThat((Map<String, Object>) health.getDetails().get("backends")).containsOnlyKeys("redis");
				assertThat(context.getBean(MeterRegistry.class)
					.get("idgen.ids.issued")
					.tags("backend", "redis", "sequence", "invoice")
					.functionCounter()
					.count()).isEqualTo(1);
				assertThat(context.getBean(MeterRegistry.class).getMeters())
					.allSatisfy((meter) -> assertThat(meter.getId().getTags().toString()).doesNotContain("ı"));
			});
	}

}
