package io.github.idgen.remote;

import java.util.Map;
import java.util.regex.Pattern;

import org.springframework.web.client.RestClient.RequestHeadersSpec.ConvertibleClientHttpResponse;
import org.springframework.web.client.RestClientException;

/**
 * Reads the kind of failure from an ID server's RFC 9457 problem answer: the last segment
 * of its {@code type} URI, such as {@code unknown-sequence} for
 * {@code https://idgen.github.io/problems/unknown-sequence}.
 */
final class ProblemTypes {

	/**
	 * What a kind looks like: a short slug. Anything else, which a hostile server could
	 * put in logs and health details, is read as no kind.
	 */
	private static final Pattern KIND = Pattern.compile("[a-z0-9-]{1,40}");

	private ProblemTypes() {
	}

	/**
	 * Return the kind of a problem answer.
	 * @param response the answer
	 * @return the last segment of its {@code type}, or {@code null} if the answer is not
	 * a problem with a type of that form
	 */
	static String read(ConvertibleClientHttpResponse response) {
		try {
			return kind(response.bodyTo(Map.class));
		}
		catch (RestClientException | IllegalStateException ex) {
			return null;
		}
	}

	private static String kind(Map<?, ?> body) {
		if (body == null || !(body.get("type") instanceof String type)) {
			return null;
		}
		int slash = type.lastIndexOf('/');
		String kind = (slash >= 0) ? type.substring(slash + 1) : type;
		return KIND.matcher(kind).matches() ? kind : null;
	}

}
