package io.github.idgen.server.http;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The bodies the ID server's endpoints read and write. IDs travel as JSON strings, since
 * a JavaScript number holds integers exactly only up to 2^53, unless a client asks for
 * numbers.
 */
final class ApiResponses {

	private ApiResponses() {
	}

	/**
	 * IDs of a sequence as strings.
	 *
	 * @param sequence the sequence
	 * @param ids the IDs, ascending
	 */
	record IdStrings(String sequence, List<String> ids) {
	}

	/**
	 * IDs of a sequence as numbers.
	 *
	 * @param sequence the sequence
	 * @param ids the IDs, ascending
	 */
	record IdNumbers(String sequence, long[] ids) {
	}

	/**
	 * A segment reserved for the caller: {@code count} IDs from {@code start} on, every
	 * {@code stride}-th one.
	 *
	 * @param sequence the sequence
	 * @param start the first ID, as a string
	 * @param count the number of IDs
	 * @param stride the distance between two consecutive IDs, 1 but for striped stores
	 */
	record ReservedSegment(String sequence, String start, long count, long stride) {
	}

	/**
	 * The segment a caller asks for.
	 *
	 * @param size the number of IDs wanted, at least 1; the server may reserve fewer
	 */
	record SegmentRequest(Long size) {
	}

	/**
	 * A decoded ID.
	 *
	 * @param sequence the sequence
	 * @param id the ID as it was given
	 * @param value the counter value behind a formatted ID, as a string, or {@code null}
	 * @param fields the fields of a composed ID by layout, or {@code null}
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record DecodedId(String sequence, String id, String value, Map<String, Object> fields) {
	}

}
