package io.github.idgen.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls a running ID server over HTTP with the JDK's client, as a client in another
 * process would, optionally with a bearer token.
 */
final class ApiCalls {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final String baseUrl;

	private final String token;

	ApiCalls(int port) {
		this("http://127.0.0.1:" + port, null);
	}

	private ApiCalls(String baseUrl, String token) {
		this.baseUrl = baseUrl;
		this.token = token;
	}

	/**
	 * Return calls of the same server with a bearer token.
	 * @param token the token
	 * @return the calls
	 */
	ApiCalls withToken(String token) {
		return new ApiCalls(this.baseUrl, token);
	}

	Response get(String path) {
		return send(request(path).GET());
	}

	Response post(String path) {
		return send(request(path).POST(BodyPublishers.noBody()));
	}

	Response postJson(String path, String json) {
		return send(request(path).header("Content-Type", "application/json").POST(BodyPublishers.ofString(json)));
	}

	/**
	 * Return the IDs of a batch of a sequence, drawn as strings.
	 * @param sequence the sequence
	 * @param count how many
	 * @return the IDs
	 */
	List<Long> ids(String sequence, int count) {
		Response response = post("/api/v1/sequences/" + sequence + "/ids?count=" + count);
		response.requireStatus(200);
		List<Long> ids = new ArrayList<>();
		response.json().get("ids").forEach((id) -> ids.add(Long.parseLong(id.asString())));
		return ids;
	}

	/**
	 * Reserve a segment and return every ID of it.
	 * @param sequence the sequence
	 * @param size the size asked for
	 * @return the IDs
	 */
	List<Long> segment(String sequence, int size) {
		Response response = postJson("/api/v1/sequences/" + sequence + "/segments", "{\"size\":" + size + "}");
		response.requireStatus(200);
		JsonNode segment = response.json();
		long start = Long.parseLong(segment.get("start").asString());
		long stride = segment.get("stride").asLong();
		List<Long> ids = new ArrayList<>();
		for (long i = 0; i < segment.get("count").asLong(); i++) {
			ids.add(start + i * stride);
		}
		return ids;
	}

	private HttpRequest.Builder request(String path) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(this.baseUrl + path))
			.timeout(Duration.ofSeconds(20));
		if (this.token != null) {
			builder.header("Authorization", "Bearer " + this.token);
		}
		return builder;
	}

	private Response send(HttpRequest.Builder request) {
		try {
			HttpResponse<String> response = this.client.send(request.build(), BodyHandlers.ofString());
			return new Response(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
					response, response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * An answer of the server.
	 *
	 * @param status the HTTP status
	 * @param contentType the content type, empty if none
	 * @param response the whole response, for its headers
	 * @param body the body
	 */
	record Response(int status, String contentType, HttpResponse<String> response, String body) {

		JsonNode json() {
			return JSON.readTree(this.body);
		}

		String header(String name) {
			return this.response.headers().firstValue(name).orElse(null);
		}

		void requireStatus(int expected) {
			if (this.status != expected) {
				throw new AssertionError("Expected " + expected + " but was " + this.status + ": " + this.body);
			}
		}

	}

}
