package io.github.idgen.autoconfigure.endpoint;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.Sequence;
import io.github.idgen.SequenceInfo;
import io.github.idgen.SequenceNames;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.redis.time.RedisTimeId;
import io.github.idgen.redis.time.RedisTimeLayout;
import io.github.idgen.snowflake.BitLayout;
import io.github.idgen.snowflake.SnowflakeId;

/**
 * The {@code idgen} actuator endpoint: the state of every sequence, and the fields of an
 * ID.
 * <ul>
 * <li>{@code GET /actuator/idgen}: {@code {"sequences": {"<name>": {...}}}} with every
 * sequence used so far, period counters included, and every configured sequence not used
 * yet ({@code "started": false}).</li>
 * <li>{@code GET /actuator/idgen/<name>}: one such object, 404 for a sequence that is
 * neither used nor configured.</li>
 * <li>{@code GET /actuator/idgen/decode/<id>}: the fields of an ID under every layout
 * that is configured (snowflake, Redis time mode), 404 if none is.</li>
 * </ul>
 * Every sequence object has {@code backend} (jdbc, redis, mongo or snowflake),
 * {@code started}, {@code issued} and what the sequence tells of itself
 * ({@link SequenceInfo#info()}): for a segment sequence its current segment, the IDs left,
 * the step, the next step and the latest fetch; for a Redis sequence its {@code mode}
 * and guard state; for a snowflake sequence its worker and, if leased, when the lease
 * expires. Nothing in it names a server, a URL or a credential.
 */
@Endpoint(id = "idgen")
public class IdGeneratorEndpoint {

	private static final String DECODE = "decode";

	private final DefaultIdGenerator generator;

	private final SequenceRouting routing;

	private final IdGeneratorProperties properties;

	private final @Nullable BitLayout snowflakeLayout;

	private final @Nullable RedisTimeLayout redisTimeLayout;

	/**
	 * Create an endpoint.
	 * @param generator the generator whose sequences to report
	 * @param routing tells the backend of each sequence
	 * @param properties the configured sequences and the default sequence
	 * @param snowflakeLayout the layout of snowflake IDs, {@code null} if the snowflake
	 * backend is not configured
	 * @param redisTimeLayout the layout of Redis time-mode IDs, {@code null} if no
	 * sequence is in time mode
	 */
	public IdGeneratorEndpoint(DefaultIdGenerator generator, SequenceRouting routing,
			IdGeneratorProperties properties, @Nullable BitLayout snowflakeLayout,
			@Nullable RedisTimeLayout redisTimeLayout) {
		this.generator = generator;
		this.routing = routing;
		this.properties = properties;
		this.snowflakeLayout = snowflakeLayout;
		this.redisTimeLayout = redisTimeLayout;
	}

	/**
	 * Return every sequence used so far and every configured one not used yet.
	 * @return {@code {"sequences": {"<name>": {...}}}}, sorted by name
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
		return Map.of("sequences", sequences);
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
	 * @return {@code {"id": ..., "snowflake": {...}, "redisTime": {...}}}; 400 if the ID
	 * is not a number, 404 if no configured layout can hold it
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
		SnowflakeId snowflake = decodeSnowflake(value);
		if (snowflake != null) {
			decoded.put("snowflake", Map.of("timestamp", snowflake.timestamp().toString(), "millis",
					snowflake.timestamp().toEpochMilli(), "datacenter", snowflake.datacenter(), "worker",
					snowflake.worker(), "sequence", snowflake.sequence()));
		}
		if (this.redisTimeLayout != null && value >= 0) {
			RedisTimeId fields = this.redisTimeLayout.decode(value);
			decoded.put("redisTime", Map.of("time", fields.time().toString(), "millis",
					fields.time().toEpochMilli(), "shard", fields.shard(), "sequence", fields.sequence()));
		}
		if (decoded.size() == 1) {
			return notFound((this.snowflakeLayout == null && this.redisTimeLayout == null)
					? "No layout to decode with: neither the snowflake backend nor Redis time mode is configured"
					: "ID " + value + " does not fit the configured layouts");
		}
		return new WebEndpointResponse<>(decoded);
	}

	/**
	 * Return the object of a sequence that has been used.
	 * @param sequence the sequence
	 * @return its backend, {@code started}, {@code issued}, its info and what its backend
	 * knows of it
	 */
	protected Map<String, Object> describe(Sequence sequence) {
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
		return description;
	}

	/**
	 * Return a response with a message and a status.
	 * @param status the HTTP status
	 * @param message the message
	 * @return the response
	 */
	protected static WebEndpointResponse<Map<String, Object>> message(int status, String message) {
		return new WebEndpointResponse<>(Map.of("message", message), status);
	}

	private static WebEndpointResponse<Map<String, Object>> notFound(String message) {
		return message(WebEndpointResponse.STATUS_NOT_FOUND, message);
	}

	private Map<String, Object> describeNotStarted(String name) {
		Map<String, Object> description = new LinkedHashMap<>();
		description.put("backend", backendOf(name));
		description.put("started", false);
		description.put("issued", 0L);
		description.putAll(this.routing.details(name));
		return description;
	}

	private String backendOf(String sequence) {
		return this.routing.backendOf(sequence).name().toLowerCase(Locale.ROOT);
	}

	private Set<String> configuredNames() {
		Set<String> names = new TreeSet<>(this.properties.getSequences().keySet());
		names.add(this.properties.getDefaultSequence());
		return names;
	}

	private @Nullable SnowflakeId decodeSnowflake(long id) {
		if (this.snowflakeLayout == null) {
			return null;
		}
		try {
			return this.snowflakeLayout.decode(id);
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

}
