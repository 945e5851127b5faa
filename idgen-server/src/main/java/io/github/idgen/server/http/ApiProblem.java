package io.github.idgen.server.http;

import java.net.URI;

import org.springframework.http.HttpStatus;

/**
 * The failures of the ID server's API, each answered as an RFC 9457 problem with a stable
 * {@code type} URI, {@value #TYPE_BASE} followed by its {@link #slug()}, and the same
 * status every time.
 */
public enum ApiProblem {

	/**
	 * The sequence is not one the server serves.
	 */
	UNKNOWN_SEQUENCE("unknown-sequence", HttpStatus.NOT_FOUND, "Unknown sequence"),

	/**
	 * The count of IDs asked for is not a number from 1 to the server's maximum.
	 */
	INVALID_COUNT("invalid-count", HttpStatus.BAD_REQUEST, "Invalid count"),

	/**
	 * The size of the segment asked for is missing or below 1.
	 */
	INVALID_SIZE("invalid-size", HttpStatus.BAD_REQUEST, "Invalid segment size"),

	/**
	 * The ID to decode is not one the sequence can have handed out.
	 */
	INVALID_ID("invalid-id", HttpStatus.BAD_REQUEST, "Invalid ID"),

	/**
	 * The request cannot be read: a body that is not the JSON expected, an unknown
	 * parameter value.
	 */
	INVALID_REQUEST("invalid-request", HttpStatus.BAD_REQUEST, "Invalid request"),

	/**
	 * No bearer token, or one of no configured client.
	 */
	UNAUTHORIZED("unauthorized", HttpStatus.UNAUTHORIZED, "Unauthorized"),

	/**
	 * The client may not use the sequence, or not decode its IDs.
	 */
	FORBIDDEN("forbidden", HttpStatus.FORBIDDEN, "Forbidden"),

	/**
	 * The IDs of the sequence do not come in segments (snowflake IDs, Redis in increment
	 * or time mode, formatted sequences, cyclic sequences, whose IDs come again after the
	 * wrap): draw its IDs instead.
	 */
	NOT_SEGMENTABLE("not-segmentable", HttpStatus.CONFLICT, "Sequence not segmentable"),

	/**
	 * The sequence has no format, so it has no formatted IDs.
	 */
	NOT_FORMATTED("not-formatted", HttpStatus.CONFLICT, "Sequence not formatted"),

	/**
	 * The sequence is formatted: its numbers come from {@code /formatted}, since its
	 * counter alone repeats in every period of a reset sequence and tells what an
	 * obfuscated one hides.
	 */
	NOT_NUMERIC("not-numeric", HttpStatus.CONFLICT, "Sequence not numeric"),

	/**
	 * The IDs of the sequence are neither formatted nor composed of fields.
	 */
	NOT_DECODABLE("not-decodable", HttpStatus.CONFLICT, "IDs not decodable"),

	/**
	 * The sequence has handed out its last ID.
	 */
	SEQUENCE_EXHAUSTED("sequence-exhausted", HttpStatus.CONFLICT, "Sequence exhausted"),

	/**
	 * The request body is larger than the server accepts, or of unknown length.
	 */
	REQUEST_TOO_LARGE("request-too-large", HttpStatus.CONTENT_TOO_LARGE, "Request too large"),

	/**
	 * The store did not answer in time: retry after the {@code Retry-After} seconds.
	 */
	BACKEND_UNAVAILABLE("backend-unavailable", HttpStatus.SERVICE_UNAVAILABLE, "Backend unavailable"),

	/**
	 * The server failed in a way a retry will not heal; its log tells why.
	 */
	SERVER_ERROR("server-error", HttpStatus.INTERNAL_SERVER_ERROR, "Server error");

	/**
	 * What every problem type URI starts with.
	 */
	public static final String TYPE_BASE = "https://idgen.github.io/problems/";

	private final String slug;

	private final HttpStatus status;

	private final String title;

	ApiProblem(String slug, HttpStatus status, String title) {
		this.slug = slug;
		this.status = status;
		this.title = title;
	}

	/**
	 * Return the last part of the type URI, also the {@code outcome} tag of the request
	 * meter.
	 * @return the slug, such as {@code unknown-sequence}
	 */
	public String slug() {
		return this.slug;
	}

	/**
	 * Return the HTTP status of the problem.
	 * @return the status
	 */
	public HttpStatus status() {
		return this.status;
	}

	/**
	 * Return the title of the problem, the same for every occurrence.
	 * @return the title
	 */
	public String title() {
		return this.title;
	}

	/**
	 * Return the type URI of the problem.
	 * @return such as {@code https://idgen.github.io/problems/unknown-sequence}
	 */
	public URI type() {
		return URI.create(TYPE_BASE + this.slug);
	}

}
