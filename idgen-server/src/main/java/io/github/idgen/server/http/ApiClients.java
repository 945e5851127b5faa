package io.github.idgen.server.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.github.idgen.server.http.IdGeneratorServerProperties.Client;

/**
 * The configured clients of the ID server and the check of a request's bearer token: the
 * token's SHA-256 is compared with every client's in constant time
 * ({@link MessageDigest#isEqual}), and neither the token nor its hash is ever logged or
 * answered.
 */
class ApiClients {

	private static final String BEARER = "bearer ";

	private final List<Entry> entries = new ArrayList<>();

	/**
	 * Create the clients.
	 * @param clients the configured clients by name
	 * @throws IllegalStateException if a client has no token hash
	 */
	ApiClients(Map<String, Client> clients) {
		clients.forEach((name, client) -> {
			if (client.getTokenSha256() == null) {
				throw new IllegalStateException(IdGeneratorServerProperties.PREFIX + ".clients." + name
						+ ".token-sha256 is not set: set it to the SHA-256 of the client's token, such as "
						+ "'printf %s \"$TOKEN\" | sha256sum' writes");
			}
			this.entries.add(new Entry(HexFormat.of().parseHex(client.getTokenSha256().toLowerCase(Locale.ROOT)),
					new ApiClient(name, Set.copyOf(client.getSequences()), client.isDecode())));
		});
	}

	/**
	 * Return whether any client is configured, so that every call needs a token.
	 * @return whether any is
	 */
	boolean isEmpty() {
		return this.entries.isEmpty();
	}

	/**
	 * Return the client whose token a request's {@code Authorization} header bears.
	 * @param authorization the header, or {@code null}
	 * @return the client, or {@link ApiClient#ANONYMOUS} when no client is configured
	 * @throws ApiProblemException for {@link ApiProblem#UNAUTHORIZED} if clients are
	 * configured and the header bears none of their tokens
	 */
	ApiClient authenticate(String authorization) {
		if (this.entries.isEmpty()) {
			return ApiClient.ANONYMOUS;
		}
		if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
			throw new ApiProblemException(ApiProblem.UNAUTHORIZED,
					"This server needs a bearer token: Authorization: Bearer <token>");
		}
		byte[] hash = sha256(authorization.substring(BEARER.length()).strip());
		ApiClient found = null;
		for (Entry entry : this.entries) {
			if (MessageDigest.isEqual(hash, entry.tokenSha256()) && found == null) {
				found = entry.client();
			}
		}
		if (found == null) {
			throw new ApiProblemException(ApiProblem.UNAUTHORIZED, "The bearer token is not one of a client's");
		}
		return found;
	}

	private static byte[] sha256(String token) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every Java platform has SHA-256", ex);
		}
	}

	private record Entry(byte[] tokenSha256, ApiClient client) {
	}

}
