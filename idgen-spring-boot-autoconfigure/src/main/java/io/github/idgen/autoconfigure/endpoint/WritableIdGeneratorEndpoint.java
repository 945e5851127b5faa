package io.github.idgen.autoconfigure.endpoint;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerationException;
import io.github.idgen.Sequence;
import io.github.idgen.UnknownSequenceException;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.redis.time.RedisTimeLayout;
import io.github.idgen.segment.SegmentBuffer;
import io.github.idgen.snowflake.BitLayout;

/**
 * The {@code idgen} endpoint with its write operation, offered only when
 * {@code idgen.endpoint.write-enabled=true}: {@code POST /actuator/idgen/<name>} warms a
 * sequence up. A segment sequence then has a current segment and its next one fetched;
 * any other sequence is created. No ID is issued.
 */
@Endpoint(id = "idgen")
public class WritableIdGeneratorEndpoint extends IdGeneratorEndpoint {

	private final DefaultIdGenerator generator;

	/**
	 * Create an endpoint.
	 * @param generator the generator whose sequences to report and warm up
	 * @param routing tells the backend of each sequence
	 * @param properties the configured sequences and the default sequence
	 * @param snowflakeLayout the layout of snowflake IDs, {@code null} if the snowflake
	 * backend is not configured
	 * @param redisTimeLayout the layout of Redis time-mode IDs, {@code null} if no
	 * sequence is in time mode
	 */
	public WritableIdGeneratorEndpoint(DefaultIdGenerator generator, SequenceRouting routing,
			IdGeneratorProperties properties, @Nullable BitLayout snowflakeLayout,
			@Nullable RedisTimeLayout redisTimeLayout) {
		super(generator, routing, properties, snowflakeLayout, redisTimeLayout);
		this.generator = generator;
	}

	/**
	 * Warm a sequence up.
	 * @param sequence the sequence name
	 * @return the sequence's object afterwards; 404 if the sequence is unknown and unknown
	 * sequences are rejected, 400 if the name is not valid, 503 if its backend cannot
	 * serve it
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

}
