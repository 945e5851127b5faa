package io.github.idgen.remote;

/**
 * The body of a segment reservation sent to an ID server: {@code {"size": 1000}}.
 */
final class SegmentRequest {

	private SegmentRequest() {
	}

	/**
	 * Return the body as JSON text. Sent as a string, so that the request carries a
	 * {@code Content-Length}: an ID server refuses a body of unknown length (a chunked
	 * one), whose size it cannot bound before reading it.
	 * @param size the number of IDs asked for; the server may return fewer
	 * @return the JSON
	 */
	static String json(long size) {
		return "{\"size\":" + size + "}";
	}

}
