package io.github.idgen.autoconfigure;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.SocketOptions;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.endpoint.IdGeneratorEndpoint;
import io.github.idgen.autoconfigure.endpoint.IdGeneratorEndpointAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthContributorAutoConfiguration;
import io.github.idgen.autoconfigure.health.IdGeneratorHealthIndicator;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A store that does not answer, reached with a user and a password: what idgen tells
 * callers, the actuator endpoint, health and the startup failure report names the
 * failure, but no host, port, user or password from the driver.
 */
class StoreFailureOutputTests {

	private static final String USER = "idgen-secret-user";

	private static final String PASSWORD = "idgen-secret-password";

	private final int closedPort = closedPort();

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(IdGeneratorHealthContributorAutoConfiguration.class,
					IdGeneratorEndpointAutoConfiguration.class))
			.withPropertyValues("management.endpoints.web.exposure.include=idgen", "idgen.segment.fetch-timeout=300ms");
	}

	@Test
	void aRedisThatDoesNotAnswerIsReportedWithoutItsAddressOrCredentials() {
		runner().withBean(RedisConnectionFactory.class, this::unreachableRedis)
			.run((context) -> assertNothingSecretIsShown(context));
	}

	@Test
	void aMongoDbThatDoesNotAnswerIsReportedWithoutItsAddressOrCredentials() {
		MongoClient client = MongoClients.create(new ConnectionString("mongodb://" + USER + ":" + PASSWORD
				+ "@127.0.0.1:" + this.closedPort + "/idgen?serverSelectionTimeoutMS=200&connectTimeoutMS=200"));
		try {
			runner().withBean(MongoTemplate.class, () -> new MongoTemplate(client, "idgen"))
				.run((context) -> assertNothingSecretIsShown(context));
		}
		finally {
			client.close();
		}
	}

	@Test
	void theFailFastReportOmitsTheAddressAndCredentials() {
		runner().withBean(RedisConnectionFactory.class, this::unreachableRedis)
			.withPropertyValues("idgen.fail-fast=true")
			.run((context) -> assertThat(invalidProperty(context, "idgen.fail-fast").getMessage())
				.contains("'redis' backend does not answer")
				.satisfies(this::showsNothingSecret));
	}

	@Test
	void anInvalidTimeNodeIsNamedByItsIndexNotItsUrl() {
		runner().withBean(RedisConnectionFactory.class, this::unreachableRedis)
			.withPropertyValues("idgen.redis.time.nodes=redis://127.0.0.1:6379,rediss-not-a-scheme://" + USER + ":"
					+ PASSWORD + "@cache.internal:" + this.closedPort)
			.run((context) -> assertThat(invalidProperty(context, "idgen.redis.time.nodes[1]").getMessage())
				.contains("is not a Redis URL")
				.satisfies(this::showsNothingSecret)
				.doesNotContain("cache.internal"));
	}

	@SuppressWarnings("unchecked")
	private void assertNothingSecretIsShown(AssertableApplicationContext context) {
		IdGenerator ids = context.getBean(IdGenerator.class);
		assertThatExceptionOfType(BackendUnavailableException.class).isThrownBy(() -> ids.nextId("order"))
			.satisfies((ex) -> showsNothingSecret(ex.getMessage()));
		IdGeneratorEndpoint endpoint = context.getBean(IdGeneratorEndpoint.class);
		Awaitility.await()
			.atMost(Duration.ofSeconds(5))
			.until(() -> ((Map<String, Object>) endpoint.sequence("order").getBody()).containsKey("lastFailure"));
		showsNothingSecret(endpoint.sequence("order").getBody().toString());
		Health health = context.getBean(IdGeneratorHealthIndicator.class).health();
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		showsNothingSecret(health.getDetails().toString());
	}

	private void showsNothingSecret(String text) {
		assertThat(text).doesNotContain("127.0.0.1", "localhost", Integer.toString(this.closedPort), USER, PASSWORD);
	}

	private LettuceConnectionFactory unreachableRedis() {
		RedisStandaloneConfiguration configuration = new RedisStandaloneConfiguration("127.0.0.1", this.closedPort);
		configuration.setUsername(USER);
		configuration.setPassword(PASSWORD);
		LettuceClientConfiguration client = LettuceClientConfiguration.builder()
			.commandTimeout(Duration.ofMillis(200))
			.clientOptions(ClientOptions.builder()
				.socketOptions(SocketOptions.builder().connectTimeout(Duration.ofMillis(200)).build())
				.build())
			.build();
		return new LettuceConnectionFactory(configuration, client);
	}

	private static int closedPort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
