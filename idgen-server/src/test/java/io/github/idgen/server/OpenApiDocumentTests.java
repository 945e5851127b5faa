package io.github.idgen.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.yaml.snakeyaml.Yaml;

import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import io.github.idgen.server.ApiCalls.Response;
import io.github.idgen.server.http.ApiProblem;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document of the API, kept in the repository
 * ({@code src/main/resources/static/openapi/idgen-v1.yaml}) and served by the server at
 * {@code /openapi/idgen-v1.yaml}, agrees with the server: the same operations and the
 * same problem types.
 */
@TestInstance(Lifecycle.PER_CLASS)
class OpenApiDocumentTests {

	private static final String DOCUMENT = "static/openapi/idgen-v1.yaml";

	private ServerInstance server;

	private String document;

	@BeforeAll
	void startServer() throws IOException {
		this.server = ServerInstance
			.start(Map.of("spring.datasource.url", "jdbc:h2:file:./target/server-test/" + UUID.randomUUID()));
		try (InputStream in = getClass().getClassLoader().getResourceAsStream(DOCUMENT)) {
			this.document = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	@AfterAll
	void stopServer() {
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void theServerServesTheDocumentOfTheRepository() {
		Response response = this.server.calls().get("/openapi/idgen-v1.yaml");
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(this.document);
	}

	@Test
	@SuppressWarnings("unchecked")
	void theDocumentHasTheOperationsOfTheServer() {
		Map<String, Map<String, Object>> paths = (Map<String, Map<String, Object>>) new Yaml()
			.<Map<String, Object>>load(this.document)
			.get("paths");
		Set<String> documented = new TreeSet<>();
		paths.forEach((path, operations) -> operations.keySet()
			.forEach((method) -> documented.add(method.toUpperCase(Locale.ROOT) + " " + path)));
		Set<String> served = new TreeSet<>();
		this.server.context()
			.getBean("requestMappingHandlerMapping", RequestMappingHandlerMapping.class)
			.getHandlerMethods()
			.forEach((mapping, method) -> addApiOperations(served, mapping.getPatternValues(),
					mapping.getMethodsCondition().getMethods().toString(), method));
		assertThat(documented).isEqualTo(served);
	}

	private static void addApiOperations(Set<String> served, Set<String> patterns, String methods,
			HandlerMethod handler) {
		if (!handler.getBeanType().getPackageName().equals(ApiProblem.class.getPackageName())) {
			return;
		}
		String method = methods.replaceAll("[\\[\\]]", "");
		patterns.forEach((pattern) -> served.add(method + " " + pattern));
	}

	@Test
	@SuppressWarnings("unchecked")
	void theDocumentListsEveryProblemType() {
		Map<String, Object> schemas = (Map<String, Object>) ((Map<String, Object>) new Yaml()
			.<Map<String, Object>>load(this.document)
			.get("components")).get("schemas");
		Map<String, Object> problem = (Map<String, Object>) schemas.get("Problem");
		Map<String, Object> type = (Map<String, Object>) ((Map<String, Object>) problem.get("properties")).get("type");
		assertThat((Iterable<String>) type.get("enum")).containsExactlyInAnyOrderElementsOf(
				Arrays.stream(ApiProblem.values()).map((value) -> value.type().toString()).toList());
	}

}
