package io.github.idgen.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.IdGenerator;
import io.github.idgen.test.Concurrently;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The {@code remote} backend of the starter against running ID servers: applications that
 * reserve their segments from two servers over one PostgreSQL never share an ID, keep
 * serving when one server stops, and get the servers' refusals at once.
 */
class RemoteBackendClientTests {

	private static final String TOKEN = "token-of-the-remote-client-test";

	private static final int THREADS = 4;

	private static final int DRAWS = 5_000;

	@Test
	void applicationsOfTwoServersNeverShareAnIdAndKeepServingWhenOneServerStops() throws Exception {
		PostgresServer postgres = PostgresServer.require();
		try (ServerInstance first = ServerInstance.start(serverProperties(postgres, "order"));
				ServerInstance second = ServerInstance.start(serverProperties(postgres, "order"))) {
			String both = url(first) + "," + url(second);
			String reversed = url(second) + "," + url(first);
			try (ConfigurableApplicationContext one = client(both, TOKEN);
					ConfigurableApplicationContext other = client(reversed, TOKEN)) {
				List<IdGenerator> generators = List.of(one.getBean(IdGenerator.class),
						other.getBean(IdGenerator.class));
				List<Long> ids = new ArrayList<>(draw(generators));
				first.close();
				ids.addAll(draw(generators));
				Set<Long> unique = new HashSet<>(ids);
				assertThat(unique).as("distinct IDs").hasSize(2 * 2 * THREADS * DRAWS);
				assertThat(ids).allSatisfy((id) -> assertThat(id).isGreaterThanOrEqualTo(1_000_000));
			}
		}
		finally {
			postgres.dropTable();
		}
	}

	@Test
	void aTokenTheServerDoesNotKnowOrAllowIsRefusedAtOnce() throws Exception {
		PostgresServer postgres = PostgresServer.require();
		try (ServerInstance server = ServerInstance.start(serverProperties(postgres, "invoice"))) {
			try (ConfigurableApplicationContext client = client(url(server), TOKEN)) {
				IdGenerator ids = client.getBean(IdGenerator.class);
				assertThatExceptionOfType(BackendMisconfiguredException.class).isThrownBy(() -> ids.nextId("order"))
					.withMessageContaining("(403)");
				assertThat(ids.nextId("invoice")).isEqualTo(1);
			}
			try (ConfigurableApplicationContext client = client(url(server), "another-token")) {
				assertThatExceptionOfType(BackendMisconfiguredException.class)
					.isThrownBy(() -> client.getBean(IdGenerator.class).nextId("invoice"))
					.withMessageContaining("idgen.remote.token")
					.withMessageNotContaining("another-token");
			}
		}
		finally {
			postgres.dropTable();
		}
	}

	private static List<Long> draw(List<IdGenerator> generators) throws Exception {
		List<Callable<List<Long>>> callers = new ArrayList<>();
		for (IdGenerator generator : generators) {
			for (int thread = 0; thread < THREADS; thread++) {
				callers.add(() -> {
					List<Long> ids = new ArrayList<>();
					for (int i = 0; i < DRAWS; i++) {
						ids.add(generator.nextId("order"));
					}
					return ids;
				});
			}
		}
		return Concurrently.runTogether(callers).stream().flatMap(List::stream).toList();
	}

	private static Map<String, String> serverProperties(PostgresServer postgres, String allowed) {
		Map<String, String> properties = new LinkedHashMap<>(postgres.properties());
		properties.put("server.address", "127.0.0.1");
		properties.put("idgen.server.clients.application.token-sha256", sha256(TOKEN));
		properties.put("idgen.server.clients.application.sequences", allowed);
		return properties;
	}

	private static String url(ServerInstance server) {
		return "http://127.0.0.1:" + server.port();
	}

	private static ConfigurableApplicationContext client(String servers, String token) {
		return new SpringApplicationBuilder(ClientApplication.class).web(WebApplicationType.NONE)
			.properties("idgen.backend=remote", "idgen.remote.servers=" + servers, "idgen.remote.token=" + token,
					"idgen.segment.min-step=10", "idgen.segment.step=100", "idgen.segment.max-step=1000",
					"spring.main.banner-mode=off")
			.run();
	}

	private static String sha256(String token) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (java.security.NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * An application of the remote backend's: the auto-configuration only.
	 */
	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class ClientApplication {

	}

}
