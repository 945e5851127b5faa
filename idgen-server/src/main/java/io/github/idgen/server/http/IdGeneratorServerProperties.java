package io.github.idgen.server.http;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import io.github.idgen.Sequence;

/**
 * Configuration properties of the ID server's HTTP API.
 */
@ConfigurationProperties(prefix = IdGeneratorServerProperties.PREFIX, ignoreUnknownFields = false)
public class IdGeneratorServerProperties {

	/**
	 * The prefix of the ID server's properties.
	 */
	public static final String PREFIX = "idgen.server";

	/**
	 * Whether the ID server's endpoints under /api/v1 are enabled.
	 */
	private boolean enabled = true;

	/**
	 * Largest number of IDs or formatted IDs one call returns.
	 */
	private int maxCount = 1000;

	/**
	 * Largest segment one call reserves; a larger size asked for gets this many IDs.
	 */
	private long maxSegmentSize = 10_000;

	/**
	 * Largest request body accepted under /api/v1; a larger one, or one of unknown
	 * length, is refused before it is read.
	 */
	private DataSize maxRequestBody = DataSize.ofKilobytes(1);

	/**
	 * How long a client is told to wait (Retry-After) when the store does not answer.
	 */
	private Duration retryAfter = Duration.ofSeconds(1);

	/**
	 * Clients allowed to call, by name. With none, the server listens on the loopback
	 * address only (unless server.address is set) and asks for no token; with any, every
	 * call needs the bearer token of one of them.
	 */
	private Map<String, Client> clients = new LinkedHashMap<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public int getMaxCount() {
		return this.maxCount;
	}

	public void setMaxCount(int maxCount) {
		if (maxCount < 1 || maxCount > Sequence.MAX_BATCH_SIZE) {
			throw new IllegalArgumentException(
					"max-count must lie within [1, " + Sequence.MAX_BATCH_SIZE + "] but was " + maxCount);
		}
		this.maxCount = maxCount;
	}

	public long getMaxSegmentSize() {
		return this.maxSegmentSize;
	}

	public void setMaxSegmentSize(long maxSegmentSize) {
		if (maxSegmentSize < 1) {
			throw new IllegalArgumentException("max-segment-size must be at least 1 but was " + maxSegmentSize);
		}
		this.maxSegmentSize = maxSegmentSize;
	}

	public DataSize getMaxRequestBody() {
		return this.maxRequestBody;
	}

	public void setMaxRequestBody(DataSize maxRequestBody) {
		if (maxRequestBody.isNegative()) {
			throw new IllegalArgumentException("max-request-body must not be negative but was " + maxRequestBody);
		}
		this.maxRequestBody = maxRequestBody;
	}

	public Duration getRetryAfter() {
		return this.retryAfter;
	}

	public void setRetryAfter(Duration retryAfter) {
		if (retryAfter.isNegative()) {
			throw new IllegalArgumentException("retry-after must not be negative but was " + retryAfter);
		}
		this.retryAfter = retryAfter;
	}

	public Map<String, Client> getClients() {
		return this.clients;
	}

	public void setClients(Map<String, Client> clients) {
		this.clients = clients;
	}

	/**
	 * A client allowed to call the server.
	 */
	public static class Client {

		/**
		 * SHA-256 of the client's bearer token, as 64 hexadecimal digits, such as 'printf
		 * %s "$TOKEN" | sha256sum' writes; the token itself is never configured.
		 */
		private String tokenSha256;

		/**
		 * Sequences the client may use; '*' stands for every sequence the server serves.
		 */
		private List<String> sequences = new ArrayList<>();

		/**
		 * Whether the client may decode the IDs of obfuscated formatted sequences, which
		 * tells their counts.
		 */
		private boolean decode;

		public String getTokenSha256() {
			return this.tokenSha256;
		}

		public void setTokenSha256(String tokenSha256) {
			if (tokenSha256.length() != 64 || !tokenSha256.chars().allMatch(HexFormat::isHexDigit)) {
				throw new IllegalArgumentException(
						"token-sha256 must be 64 hexadecimal digits, the SHA-256 of the token, such as "
								+ "'printf %s \"$TOKEN\" | sha256sum' writes");
			}
			this.tokenSha256 = tokenSha256;
		}

		public List<String> getSequences() {
			return this.sequences;
		}

		public void setSequences(List<String> sequences) {
			this.sequences = sequences;
		}

		public boolean isDecode() {
			return this.decode;
		}

		public void setDecode(boolean decode) {
			this.decode = decode;
		}

	}

}
