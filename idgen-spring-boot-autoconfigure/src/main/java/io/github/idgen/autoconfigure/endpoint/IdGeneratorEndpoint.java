package io.github.idgen.autoconfigure.endpoint;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerationException;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.SequenceNames;
import io.github.idgen.UnknownSequenceException;
import io.github.idgen.autoconfigure.IdDecoder;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.autoconfigure.runway.SequenceRunways;
import io.github.idgen.segment.SegmentBuffer;

/**
 * The {@code idgen} actuator endpoint: the state of every sequence, and the fields of an
 * ID.
 * <ul>
 * <li>{@code GET /actuator/idgen}: {@code {"sequences": {"<name>": {...}}}} with every
 * sequence used so far, period counters included, and every configured sequence not used
 * yet ({@code "started": false}).</li>
 * <li>{@code GET /actuator/idgen/<name>}: one such object, 404 for a sequence that is
 * neither used nor configured.</li>
 * <li>{@code GET /actuator/idgen/decode/<id>}: the fields of an ID under every
 * {@link IdDecoder} of the backends in use, 404 if none can hold it.</li>
 * <li>{@code POST /actuator/idgen/<name>}: warms a sequence up. A segment sequence then
 * has a current segment and its next one fetched; any other sequence is created. No ID is
 * issued.</li>
 * <li>{@code POST /actuator/idgen/<name>/decode} with {@code {"id": "<formatted ID>"}}:
 * the value behind a formatted ID, such as the counter behind an obfuscated number.</li>
 * </ul>
 * Its access is read-only by default, so that the {@code POST} operations are offered
 * only with {@code management.endpoint.idgen.access=unrestricted}.
 * <p>
 * Every sequence object has {@code backend} (the name of a
 * {@link io.github.idgen.autoconfigure.Backend}), {@code started}, {@code issued}, what
 * the sequence tells of itself ({@link SequenceInfo#info()}: for a segment sequence its
 * current segment, the IDs left, the step, the next step and the latest fetch; for a
 * time-based one its worker and, if leased, when the lease expires) and what its backend
 * adds ({@link SequenceRouting#details(String)}, such as a mode and a guard state), and
 * its {@code runway} ({@link SequenceRunways#describe}: its limit, position, rate and
 * when it reaches the limit; none for a period counter). Nothing in it names a server, a
 * URL or a credential.
 * <p>
 * An obfuscated sequence and its period counters show nothing that counts unless the
 * endpoint's access is unrestricted, the access that decoding its numbers needs: only
 * {@code backend}, {@code started}, {@code format}, {@code reset},
 * {@code "obfuscated": true} and {@code counts} saying that they are hidden.
 */
@Endpoint(id = "idgen", defaultAccess = Access.READ_ONLY)
public class IdGeneratorEndpoint {

	private static final String DECODE = "decode";

	private static final List<String> SHOWN_WHEN_HIDDEN = List.of("format", "reset");

	private static final String HIDDEN_COUNTS = "hidden: obfuscated, shown with "
			+ "management.endpoint.idgen.access=unrestricted";

	private final DefaultIdGenerator generator;

	private final SequenceRouting routing;

	private final IdGeneratorProperties properties;

	private final List<IdDecoder> decoders;

	private final SequenceRunways runways;

	private final Predicate<String> countsHidden;

	/**
	 * Create an endpoint.
	 * @param generator the generator whose sequences to report and warm up
	 * @param routing tells the backend of each sequence
	 * @param properties the configured sequences and the default sequence
	 * @param decoders the decoders of the backends in use, empty if none composes its IDs
	 * @param runways forecasts when each sequence reaches its limit
	 * @param countsHidden whether the counts of a sequence or period counter are hidden:
	 * those of an obfuscated sequence, unless the endpoint's access is unrestricted
	 */
	public IdGeneratorEndpoint(DefaultIdGenerator generator, SequenceRouting routing, IdGeneratorProperties properties,
			List<IdDecoder> decoders, SequenceRunways runways, Predicate<String> countsHidden) {
		this.generator = generator;
		this.routing = routing;
		this.properties = properties;
		this.decoders = List.copyOf(decoders);
		this.runways = runways;
		this.countsHidden = countsHidden;
	}

	/**
	 * Return every sequence used so far and every configured one not used yet, and what
	 * the backends tell of their stores.
	 * @return {@code {"sequences": {"<name>": {...}}}}, sorted by name, and, if a backend
	 * tells anything of its stores (such as each store of a striped store),
	 * {@code "stores": {"<backend>": {...}}}
	 */
	@ReadOperation
	public Map<String, Object> sequences() {
		Map<String, Object> sequences = new TreeMap<>();
		for (Sequence sequence : this.generator.sequences()) {
			sequences.put(sequence.name(), describe(sequence));
		}
		for (String name : configuredNames()) {
			sequences.computeIfAbsent(name, this::describeNotStarted);
		}
		Map<String, Object> stores = this.routing.storeDetails();
		return stores.isEmpty() ? Map.of("sequences", sequences) : Map.of("sequences", sequences, "stores", stores);
	}

	/**
	 * Return one sequence.
	 * @param sequence the sequence or period counter name
	 * @return its object, or 404 with a message if it is neither used nor configured
	 */
	@ReadOperation
	public WebEndpointResponse<Map<String, Object>> sequence(@Selector String sequence) {
		for (Sequence candidate : this.generator.sequences()) {
			if (candidate.name().equals(sequence)) {
				return new WebEndpointResponse<>(describe(candidate));
			}
		}
		if (configuredNames().contains(sequence)) {
			return new WebEndpointResponse<>(describeNotStarted(sequence));
		}
		return notFound("No sequence " + SequenceNames.quote(sequence) + " has been used or is configured");
	}

	/**
	 * Return the fields of an ID under every configured layout that can hold it.
	 * @param operation must be {@code decode}
	 * @param id the ID
	 * @return {@code {"id": ..., "<layout>": {...}}}, one entry per decoder; 400 if the
	 * ID is not a number, 404 if no configured layout can hold it
	 */
	@ReadOperation
	public WebEndpointResponse<Map<String, Object>> decode(@Selector String operation, @Selector String id) {
		if (!DECODE.equals(operation)) {
			return notFound("No operation " + SequenceNames.quote(operation) + "; use /decode/<id>");
		}
		long value;
		try {
			value = Long.parseLong(id);
		}
		catch (NumberFormatException ex) {
			return message(WebEndpointResponse.STATUS_BAD_REQUEST, "Not a 64-bit ID: " + SequenceNames.quote(id));
		}
		Map<String, Object> decoded = new LinkedHashMap<>();
		decoded.put("id", value);
		for (IdDecoder decoder : this.decoders) {
			decoder.decode(value).ifPresent((fields) -> decoded.put(decoder.name(), fields));
		}
		if (decoded.size() == 1) {
			return notFound(
					this.decoders.isEmpty() ? "No layout to decode with: no backend in use composes its IDs from fields"
							: "ID " + value + " does not fit the configured layouts");
		}
		return new WebEndpointResponse<>(decoded);
	}

	/**
	 * Warm a sequence up. Offered only with
	 * {@code management.endpoint.idgen.access=unrestricted}.
	 * @param sequence the sequence name
	 * @return the sequence's object afterwards; 404 if the sequence is unknown and
	 * unknown sequences are rejected, 400 if the name is not valid, 503 if its backend
	 * cannot serve it
	 */
	@WriteOperation
	public WebEndpointResponse<Map<String, Object>> warmUp(@Selector String sequence) {
		Sequence warmed;
		try {
			warmed = this.generator.sequence(sequence);
			if (warmed instanceof SegmentBuffer buffer) {
				buffer.warmUp();
			}
		}
		catch (UnknownSequenceException ex) {
			return message(WebEndpointResponse.STATUS_NOT_FOUND, ex.getMessage());
		}
		catch (IllegalArgumentException ex) {
			return message(WebEndpointResponse.STATUS_BAD_REQUEST, ex.getMessage());
		}
		catch (IdGenerationException ex) {
			return message(WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE, ex.getMessage());
		}
		return new WebEndpointResponse<>(describe(warmed));
	}

	/**
	 * Return the value behind a formatted ID of a sequence: the counter behind an
	 * obfuscated number, restored with the key. Offered only with
	 * {@code management.endpoint.idgen.access=unrestricted}, since it tells what
	 * obfuscation hides.
	 * @param sequence the sequence name
	 * @param operation must be {@code decode}
	 * @param id the formatted ID, from the JSON body {@code {"id": "..."}}
	 * @return {@code {"sequence": ..., "id": ..., "value": ...}}; 404 for another
	 * operation or a sequence that is unknown while unknown sequences are rejected, 400
	 * if the sequence has no format or the format cannot have written the ID
	 */
	@WriteOperation
	public WebEndpointResponse<Map<String, Object>> decodeFormatted(@Selector String sequence,
			@Selector String operation, String id) {
		if (!DECODE.equals(operation)) {
			return notFound("No operation " + SequenceNames.quote(operation) + "; use /<sequence>/decode");
		}
		long value;
		try {
			value = this.generator.decodeFormattedId(sequence, id);
		}
		catch (UnknownSequenceException ex) {
			return message(WebEndpointResponse.STATUS_NOT_FOUND, ex.getMessage());
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			return message(WebEndpointResponse.STATUS_BAD_REQUEST, ex.getMessage());
		}
		catch (IdGenerationException ex) {
			return message(WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE, ex.getMessage());
		}
		Map<String, Object> decoded = new LinkedHashMap<>();
		decoded.put("sequence", sequence);
		decoded.put("id", id);
		decoded.put("value", value);
		return new WebEndpointResponse<>(decoded);
	}

	/**
	 * Return the object of a sequence that has been used.
	 * @param sequence the sequence
	 * @return its backend, {@code started}, {@code issued}, its info and what its backend
	 * knows of it
	 */
	private Map<String, Object> describe(Sequence sequence) {
		if (this.countsHidden.test(sequence.name())) {
			return describeHidden(sequence.name(), true,
					(sequence instanceof SequenceInfo info) ? info.info() : Map.of());
		}
		Map<String, Object> description = new LinkedHashMap<>();
		String backend = backendOf(sequence.name());
		description.put("backend", backend);
		description.put("started", true);
		if (sequence instanceof SequenceInfo info) {
			description.put("issued", info.issued());
			description.putAll(info.info());
		}
		else {
			description.put("issued", 0L);
		}
		description.putAll(this.routing.details(sequence.name()));
		this.runways.of(sequence.name())
			.ifPresent((runway) -> description.put("runway", this.runways.describe(runway)));
		return description;
	}

	/**
	 * Return a response with a message and a status.
	 * @param status the HTTP status
	 * @param message the message
	 * @return the response
	 */
	private static WebEndpointResponse<Map<String, Object>> message(int status, String message) {
		return new WebEndpointResponse<>(Map.of("message", message), status);
	}

	private static WebEndpointResponse<Map<String, Object>> notFound(String message) {
		return message(WebEndpointResponse.STATUS_NOT_FOUND, message);
	}

	/**
	 * Return the object of a sequence or period counter whose counts are hidden: its
	 * backend, whether it started, and of what it tells of itself only its format and
	 * reset period; nothing that counts (issued, counter, segment, runway, backend
	 * details).
	 */
	private Map<String, Object> describeHidden(String name, boolean started, Map<String, Object> info) {
		Map<String, Object> description = new LinkedHashMap<>();
		description.put("backend", backendOf(name));
		description.put("started", started);
		for (String shown : SHOWN_WHEN_HIDDEN) {
			if (info.containsKey(shown)) {
				description.put(shown, info.get(shown));
			}
		}
		description.put("obfuscated", true);
		description.put("counts", HIDDEN_COUNTS);
		return description;
	}

	private Map<String, Object> describeNotStarted(String name) {
		if (this.countsHidden.test(name)) {
			return describeHidden(name, false, Map.of());
		}
		Map<String, Object> description = new LinkedHashMap<>();
		description.put("backend", backendOf(name));
		description.put("started", false);
		description.put("issued", 0L);
		description.putAll(this.routing.details(name));
		return description;
	}

	private String backendOf(String sequence) {
		return this.routing.backendOf(sequence).propertyName();
	}

	private Set<String> configuredNames() {
		Set<String> names = new TreeSet<>(this.properties.getSequences().keySet());
		names.add(this.properties.getDefaultSequence());
		return names;
	}

}
