package io.github.idgen.autoconfigure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.restclient.autoconfigure.RestClientAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.web.client.RestClient;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthIndicator;
import io.github.idgen.autoconfigure.metrics.IdGeneratorMetricsAutoConfiguration;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.remote.RemoteSegmentStore;
import io.github.idgen.segment.SequenceBounds;
import io.github.idgen.test.SegmentServerDouble;
import io.github.idgen.test.SelfSignedCertificate;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for the remote backend of {@link IdGeneratorAutoConfiguration}: segments reserved
 * from two HTTP servers that answer as idgen ID servers do, from one real store.
 */
class RemoteBackendAutoConfigurationTests {

	private static final String TOKEN = "token-of-the-remote-test";

	private SegmentServerDouble first;

	private SegmentServerDouble second;

	@BeforeEach
	void startServers() {
		DataSource dataSource = TestBackends.h2();
		new JdbcSegmentSchema(dataSource, "idgen_remote_autoconfigure").createIfMissing();
		JdbcSegmentStore store = new JdbcSegmentStore(dataSource, "idgen_remote_autoconfigure");
		Map<String, SequenceBounds> sequences = Map.of("order", SequenceBounds.startingAt(1_000_000), "invoice",
				SequenceBounds.startingAt(1));
		this.first = new SegmentServerDouble(store, sequences);
		this.second = new SegmentServerDouble(store, sequences);
	}

	@AfterEach
	void stopServers() {
		this.first.close();
		this.second.close();
	}

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(RestClientAutoConfiguration.class,
					IdGeneratorHealthContributorAutoConfiguration.class))
			.withPropertyValues("idgen.backend=remote",
					"idgen.remote.servers=" + this.first.url() + "," + this.second.url(), "idgen.remote.token=" + TOKEN,
					"idgen.remote.timeout=500ms", "idgen.segment.min-step=10", "idgen.segment.step=100");
	}

	@Test
	void servesIdsFromSegmentsOfTheServersWithTheToken() {
		runner().run((context) -> {
			assertThat(context).hasSingleBean(RemoteSegmentStore.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.nextId("order")).isEqualTo(1_000_000);
			assertThat(ids.nextIds("order", 3)).containsExactly(1_000_001, 1_000_002, 1_000_003);
			assertThat(ids.nextId("invoice")).isEqualTo(1);
			assertThat(this.first.authorizations()).isNotEmpty().containsOnly("Bearer " + TOKEN);
			assertThat(this.second.authorizations()).isEmpty();
		});
	}

	@Test
	void aServerThatIsDownLeavesTheOthersServingAndHealthListsEachServer() {
		this.first.stop();
		runner().run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.nextId("order")).isEqualTo(1_000_000);
			assertThat(this.second.served("order")).isEqualTo(1);
			Health health = context.getBean(IdGeneratorHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails().toString()).contains(this.first.url() + ", state=BACKING_OFF")
				.contains(this.second.url() + ", state=UP")
				.doesNotContain(TOKEN);
		});
	}

	@Test
	void metersTellEachServersSegmentsAndWhetherItAnswers() {
		this.first.stop();
		runner().withConfiguration(AutoConfigurations.of(IdGeneratorMetricsAutoConfiguration.class))
			.withBean(SimpleMeterRegistry.class)
			.run((context) -> {
				context.getBean(IdGenerator.class).nextIds("order", 250);
				MeterRegistry meters = context.getBean(MeterRegistry.class);
				String first = this.first.url().toString();
				String second = this.second.url().toString();
				assertThat(meters.get("idgen.remote.up").tag("server", first).gauge().value()).isZero();
				assertThat(meters.get("idgen.remote.up").tag("server", second).gauge().value()).isOne();
				assertThat(meters.get("idgen.remote.segments").tag("server", first).functionCounter().count()).isZero();
				assertThat(meters.get("idgen.remote.segments").tag("server", second).functionCounter().count())
					.as("segments counted, at most those the server reserved (a prefetch may still be answered)")
					.isGreaterThanOrEqualTo(2)
					.isLessThanOrEqualTo(this.second.served("order"));
			});
	}

	@Test
	void aSequenceTheServersDoNotServeFailsWithTheFix() {
		runner().run((context) -> assertThatExceptionOfType(BackendMisconfiguredException.class)
			.isThrownBy(() -> context.getBean(IdGenerator.class).nextId("refund"))
			.withMessageContaining("does not serve sequence 'refund'"));
	}

	@Test
	void withoutServersStartupFailsNamingTheProperty() {
		runner().withPropertyValues("idgen.remote.servers=")
			.run((context) -> assertThat(invalidProperty(context, "idgen.remote.servers").getAction())
				.contains("http://ids-1:8080"));
	}

	@Test
	void aServerUrlThatCannotWorkFailsNamingItWithoutItsPassword() {
		for (String url : List.of("ids-1:8080", "ftp://ids-1", "http://ids-1:8080/?a=b", "/relative",
				"http://operator:hunter2@ids-1:8080#x")) {
			runner().withPropertyValues("idgen.remote.servers=" + url)
				.run((context) -> assertThat(invalidProperty(context, "idgen.remote.servers[0]").getDescription())
					.doesNotContain("hunter2"));
		}
	}

	@Test
	void aTokenThatAHeaderCannotCarryFailsWithoutShowingIt() {
		for (String token : List.of("two words", "tab\there", "naïve-token")) {
			runner().withPropertyValues("idgen.remote.token=" + token).run((context) -> {
				assertThat(invalidProperty(context, "idgen.remote.token").getDescription()).doesNotContain(token);
				assertThat(context.getStartupFailure()).rootCause().message().doesNotContain(token);
			});
		}
	}

	@Test
	void settingsThatTheServersDecideAreRefusedNamingTheProperty() {
		Map<String, List<String>> settings = Map.of("idgen.sequences.order.start", List.of("1000"),
				"idgen.sequences.order.max-value", List.of("99"), "idgen.sequences.order.cycle",
				List.of("true", "idgen.sequences.order.max-value=99"), "idgen.sequences.order.mode", List.of("segment"),
				"idgen.sequences.order.reset", List.of("daily", "idgen.sequences.order.format=O{yyyyMMdd}{seq:6}"),
				"idgen.sequences.order.obfuscate", List.of("true", "idgen.sequences.order.format=O{seq:8}",
						"idgen.sequences.order.key=" + SequenceObfuscationTests.KEY));
		settings.forEach((property, values) -> {
			List<String> properties = new ArrayList<>(List.of(property + "=" + values.get(0)));
			properties.addAll(values.subList(1, values.size()));
			runner().withPropertyValues(properties.toArray(String[]::new))
				.run((context) -> assertThat(invalidProperty(context, property).getAction())
					.contains("set it on the ID servers"));
		});
	}

	@Test
	void httpsServersAreTrustedThroughTheSslBundle(@TempDir Path directory) {
		SelfSignedCertificate certificate = SelfSignedCertificate.create(directory);
		DataSource dataSource = TestBackends.h2();
		new JdbcSegmentSchema(dataSource, "idgen_remote_tls").createIfMissing();
		try (SegmentServerDouble https = new SegmentServerDouble(new JdbcSegmentStore(dataSource, "idgen_remote_tls"),
				Map.of("order", SequenceBounds.startingAt(1_000_000)), certificate.serverContext())) {
			ApplicationContextRunner runner = new ApplicationContextRunner()
				.withConfiguration(
						IdgenAutoConfigurations.of(RestClientAutoConfiguration.class, SslAutoConfiguration.class))
				.withPropertyValues("idgen.backend=remote", "idgen.remote.servers=" + https.url(),
						"idgen.remote.token=" + TOKEN, "idgen.remote.timeout=500ms", "idgen.segment.min-step=10",
						"idgen.segment.step=100", "idgen.segment.fetch-timeout=1s");
			runner
				.withPropertyValues("idgen.remote.ssl.bundle=ids",
						"spring.ssl.bundle.pem.ids.truststore.certificate=file:" + certificate.certificate())
				.run((context) -> assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1_000_000));
			runner.run((context) -> assertThatExceptionOfType(BackendUnavailableException.class)
				.isThrownBy(() -> context.getBean(IdGenerator.class).nextId("order")));
			assertThat(https.served("order")).as("segments served over TLS").isOne();
			runner.withPropertyValues("idgen.remote.ssl.bundle=missing")
				.run((context) -> invalidProperty(context, "idgen.remote.ssl.bundle"));
		}
	}

	@Test
	void withoutSpringWebStartupFailsNamingTheBackend() {
		runner().withClassLoader(new FilteredClassLoader(RestClient.class))
			.run((context) -> assertThat(invalidProperty(context, "idgen.backend").getReason()).contains("remote"));
	}

	@Test
	void durationsMustBePositiveAndTheBackOffAtMostItsMaximum() {
		runner().withPropertyValues("idgen.remote.timeout=0s")
			.run((context) -> invalidProperty(context, "idgen.remote.timeout"));
		runner().withPropertyValues("idgen.remote.back-off=10s", "idgen.remote.max-back-off=1s")
			.run((context) -> invalidProperty(context, "idgen.remote.max-back-off"));
	}

	@Test
	void aTimeoutThatOneStalledServerTurnsIntoFailedIdsIsRefusedAtStartup() {
		// the default idgen.segment.fetch-timeout is 3s: one stalled server, asked first,
		// holds every reservation for 10s while the second server answers
		runner().withPropertyValues("idgen.remote.timeout=10s")
			.run((context) -> assertThat(invalidProperty(context, "idgen.remote.timeout").getDescription())
				.contains("idgen.segment.fetch-timeout (PT3S)"));
		runner().withPropertyValues("idgen.sequences.order.fetch-timeout=400ms")
			.run((context) -> assertThat(invalidProperty(context, "idgen.remote.timeout").getDescription())
				.contains("idgen.sequences.order.fetch-timeout (PT0.4S)"));
		runner().withPropertyValues("idgen.remote.max-back-off=2d")
			.run((context) -> invalidProperty(context, "idgen.remote.max-back-off"));
	}

	@Test
	void aServerUrlWithUserInformationIsRefusedAtStartup() {
		String url = "http://operator:hunter2@127.0.0.1:" + this.first.url().getPort();
		new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(RestClientAutoConfiguration.class,
					IdGeneratorHealthContributorAutoConfiguration.class))
			.withPropertyValues("idgen.backend=remote", "idgen.remote.servers=" + url, "idgen.remote.timeout=500ms")
			.run((context) -> assertThat(invalidProperty(context, "idgen.remote.servers[0]").getDescription())
				.contains("without user information")
				.doesNotContain("hunter2"));
	}

	@Test
	void theApplicationsRestClientBuilderKeepsNoBaseUrlOfAnIdServer() {
		runner().withBean(RestClient.Builder.class, RestClient::builder).run((context) -> {
			assertThat(context).hasNotFailed();
			RestClient client = context.getBean(RestClient.Builder.class).build();
			assertThatExceptionOfType(RuntimeException.class)
				.as("a relative URI with the application's builder, which was given no base URL")
				.isThrownBy(() -> client.get().uri("/api/v1/health").retrieve().toBodilessEntity());
		});
	}

}
