package io.github.idgen.server.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.github.idgen.IdGenerator;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceNames;
import io.github.idgen.autoconfigure.IdDecoder;
import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.segment.Segment;
import io.github.idgen.server.http.ApiResponses.DecodedId;
import io.github.idgen.server.http.ApiResponses.IdNumbers;
import io.github.idgen.server.http.ApiResponses.IdStrings;
import io.github.idgen.server.http.ApiResponses.ReservedSegment;
import io.github.idgen.server.http.ApiResponses.SegmentRequest;

/**
 * The ID server's endpoints under {@code /api/v1/sequences/{name}}: one ID, a batch, a
 * segment the caller owns, formatted IDs and the decoding of an ID. Only the sequences
 * the server {@link ServedSequences serves} are answered; every refusal is an
 * {@link ApiProblemException}.
 */
@RestController
@RequestMapping("/api/v1/sequences/{name}")
class SequenceController {

	private static final String STRINGS = "string";

	private static final String NUMBERS = "number";

	private final IdGenerator generator;

	private final ServedSequences sequences;

	private final ObjectProvider<SequenceRouting> routing;

	private final IdDecoders decoders;

	private final IdGeneratorServerProperties properties;

	SequenceController(IdGenerator generator, ServedSequences sequences, ObjectProvider<SequenceRouting> routing,
			IdDecoders decoders, IdGeneratorServerProperties properties) {
		this.generator = generator;
		this.sequences = sequences;
		this.routing = routing;
		this.decoders = decoders;
		this.properties = properties;
	}

	/**
	 * Return the next ID of a sequence.
	 * @param name the sequence name
	 * @return the ID as {@code text/plain}
	 */
	@GetMapping("/id")
	ResponseEntity<String> id(@PathVariable String name) {
		long id = this.generator.nextId(this.sequences.requireNumeric(name));
		return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(Long.toString(id));
	}

	/**
	 * Return the next {@code count} IDs of a sequence.
	 * @param name the sequence name
	 * @param count how many, from 1 to the server's {@code max-count}
	 * @param format {@code string} (the default) for IDs as JSON strings, {@code number}
	 * for JSON numbers
	 * @return the IDs
	 */
	@PostMapping("/ids")
	Object ids(@PathVariable String name, @RequestParam(defaultValue = "1") String count,
			@RequestParam(defaultValue = STRINGS) String format) {
		this.sequences.requireNumeric(name);
		if (!STRINGS.equals(format) && !NUMBERS.equals(format)) {
			throw new ApiProblemException(ApiProblem.INVALID_REQUEST,
					"format must be '" + STRINGS + "' or '" + NUMBERS + "'");
		}
		long[] ids = this.generator.nextIds(name, count(count));
		return NUMBERS.equals(format) ? new IdNumbers(name, ids)
				: new IdStrings(name, Arrays.stream(ids).mapToObj(Long::toString).toList());
	}

	/**
	 * Reserve a segment of a sequence that no other caller ever receives.
	 * @param name the sequence name
	 * @param request the size wanted; the server reserves at most its
	 * {@code max-segment-size}, and fewer where the sequence's max-value cuts it
	 * @return the segment
	 */
	@PostMapping("/segments")
	ReservedSegment segment(@PathVariable String name, @RequestBody SegmentRequest request) {
		this.sequences.require(name);
		if (request.size() == null || request.size() < 1) {
			throw new ApiProblemException(ApiProblem.INVALID_SIZE, "size must be at least 1");
		}
		SequenceRouting routing = this.routing.getIfAvailable();
		if (routing == null || this.sequences.isFormatted(name) || this.sequences.isCyclic(name)) {
			throw notSegmentable(name);
		}
		Segment segment;
		try {
			segment = routing.reserve(name, Math.min(request.size(), this.properties.getMaxSegmentSize()));
		}
		catch (UnsupportedOperationException ex) {
			throw notSegmentable(name);
		}
		return new ReservedSegment(name, Long.toString(segment.start()), segment.size(), segment.stride());
	}

	private static ApiProblemException notSegmentable(String name) {
		return new ApiProblemException(ApiProblem.NOT_SEGMENTABLE, "The IDs of sequence " + SequenceNames.quote(name)
				+ " do not come in segments; draw them from /ids instead");
	}

	/**
	 * Return the next {@code count} formatted IDs of a sequence that has a format.
	 * @param name the sequence name
	 * @param count how many, from 1 to the server's {@code max-count}
	 * @return the formatted IDs
	 */
	@PostMapping("/formatted")
	IdStrings formatted(@PathVariable String name, @RequestParam(defaultValue = "1") String count) {
		this.sequences.require(name);
		if (!this.sequences.isFormatted(name)) {
			throw new ApiProblemException(ApiProblem.NOT_FORMATTED,
					"Sequence " + SequenceNames.quote(name) + " has no format");
		}
		int wanted = count(count);
		Sequence sequence = this.generator.sequence(name);
		List<String> ids = new ArrayList<>(wanted);
		for (int i = 0; i < wanted; i++) {
			ids.add(sequence.nextFormatted());
		}
		return new IdStrings(name, ids);
	}

	/**
	 * Decode an ID of a sequence: the counter value behind a formatted ID (that of an
	 * obfuscated sequence only for a client allowed to decode), or the fields of a
	 * snowflake or Redis time ID.
	 * @param name the sequence name
	 * @param id the ID
	 * @param client the client of the request
	 * @return the decoded ID
	 */
	@GetMapping("/decode/{id}")
	DecodedId decode(@PathVariable String name, @PathVariable String id,
			@RequestAttribute(ApiAccessInterceptor.CLIENT) ApiClient client) {
		this.sequences.require(name);
		if (this.sequences.isFormatted(name)) {
			if (this.sequences.isObfuscated(name) && !client.decode()) {
				throw new ApiProblemException(ApiProblem.FORBIDDEN, "Decoding the IDs of obfuscated sequence "
						+ SequenceNames.quote(name) + " needs a configured client allowed to decode");
			}
			try {
				return new DecodedId(name, id, Long.toString(this.generator.decodeFormattedId(name, id)), null);
			}
			catch (IllegalArgumentException ex) {
				throw new ApiProblemException(ApiProblem.INVALID_ID, ex.getMessage());
			}
		}
		IdDecoder decoder = this.decoders.of(name)
			.orElseThrow(() -> new ApiProblemException(ApiProblem.NOT_DECODABLE, "The IDs of sequence "
					+ SequenceNames.quote(name) + " are neither formatted nor composed of fields"));
		Map<String, Object> fields = decoder.decode(parseId(id))
			.orElseThrow(() -> new ApiProblemException(ApiProblem.INVALID_ID,
					"The " + decoder.name() + " layout cannot hold the ID " + SequenceNames.quote(id)));
		Map<String, Object> byLayout = new LinkedHashMap<>();
		byLayout.put(decoder.name(), fields);
		return new DecodedId(name, id, null, byLayout);
	}

	private static long parseId(String id) {
		try {
			return Long.parseLong(id);
		}
		catch (NumberFormatException ex) {
			throw new ApiProblemException(ApiProblem.INVALID_ID,
					"The ID " + SequenceNames.quote(id) + " is not a whole number");
		}
	}

	private int count(String count) {
		int max = this.properties.getMaxCount();
		long value;
		try {
			value = Long.parseLong(count);
		}
		catch (NumberFormatException ex) {
			value = 0;
		}
		if (value < 1 || value > max) {
			throw new ApiProblemException(ApiProblem.INVALID_COUNT, "count must be a whole number from 1 to " + max);
		}
		return (int) value;
	}

}
