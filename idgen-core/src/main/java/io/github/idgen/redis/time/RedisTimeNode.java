package io.github.idgen.redis.time;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.io.ClassPathResource;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

import io.github.idgen.CounterLostException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.SequenceNames;

/**
 * One of the Redis nodes that serve one shard of a {@link RedisTimeSequence}: runs the
 * reservation script on the node and checks what it returns.
 * <p>
 * Node {@code index} of {@code count} hands out the sequence values {@code v} with
 * {@code v % count == index}: its slot {@code s} of a millisecond is the sequence value
 * {@code s * count + index}, so it has {@code ceil((2^sequenceBits - index) / count)}
 * slots per millisecond. The script is run with {@code EVALSHA}; Spring Data Redis loads
 * it with {@code EVAL} when the node does not know it ({@code NOSCRIPT}).
 * <p>
 * The node remembers the last reservation it returned. A reservation that does not come
 * after one returned before the script ran means that the node lost its state key while
 * its clock was behind it; it is refused with a {@link CounterLostException}.
 */
final class RedisTimeNode {

	private static final Logger logger = LoggerFactory.getLogger(RedisTimeNode.class);

	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> SCRIPT = RedisScript.of(loadScript(), List.class);

	private static final long RESERVED = 0;

	private static final long OTHER_CONFIGURATION = 1;

	private final String sequence;

	private final String key;

	private final int index;

	private final int count;

	private final String name;

	private final String configuration;

	private final String slots;

	private final String maxAheadMillis;

	private final StringRedisTemplate template;

	private final AtomicReference<Reservation> last = new AtomicReference<>();

	/**
	 * Create a node.
	 * @param sequence the name of the sequence
	 * @param key the key of the state of the sequence's shard
	 * @param index the index of the node among the sequence's nodes
	 * @param count the number of nodes of the sequence
	 * @param layout the layout of the sequence's IDs
	 * @param maxAheadMillis how many milliseconds the node may run ahead of its clock
	 * @param connectionFactory the connection factory of the node
	 */
	RedisTimeNode(String sequence, String key, int index, int count, RedisTimeLayout layout, long maxAheadMillis,
			RedisConnectionFactory connectionFactory) {
		this.sequence = sequence;
		this.key = key;
		this.index = index;
		this.count = count;
		this.name = "node " + index;
		this.configuration = "node " + index + " of " + count + ", layout " + layout.timestampBits() + "/"
				+ layout.shardBits() + "/" + layout.sequenceBits() + " from " + layout.epoch();
		this.slots = Long.toString((layout.maxSequence() - index) / count + 1);
		this.maxAheadMillis = Long.toString(maxAheadMillis);
		this.template = new StringRedisTemplate(connectionFactory);
		this.template.afterPropertiesSet();
	}

	/**
	 * Return the node's name for messages: its index, never its address, which messages
	 * that reach health details and the actuator endpoint must not show.
	 * @return the name
	 */
	String name() {
		return this.name;
	}

	/**
	 * Reserve up to {@code wanted} sequence values of one millisecond on this node.
	 * @param wanted the number of values wanted, at least 1
	 * @return the reserved values, at least one
	 * @throws DataAccessException if the node failed or did not answer
	 * @throws ClockBehindException if the node's clock is too far behind
	 * @throws CounterLostException if the node handed out values that it handed out
	 * before
	 * @throws IdGenerationException if clients with another configuration use the node
	 */
	@SuppressWarnings("unchecked")
	Reservation reserve(int wanted) {
		Reservation before = this.last.get();
		List<Object> reply = this.template.execute(SCRIPT, List.of(this.key), this.configuration, this.slots,
				Integer.toString(wanted), this.maxAheadMillis);
		Reservation reservation = toReservation(reply);
		if (before != null && !reservation.startsAfter(before)) {
			String message = "Redis " + this.name + " handed out millisecond " + reservation.millis()
					+ ", sequence value " + reservation.firstSequence() + " of sequence "
					+ SequenceNames.quote(this.sequence) + " although it had handed out millisecond " + before.millis()
					+ ", sequence value " + before.sequence(before.size() - 1) + " before: it lost key '" + this.key
					+ "' (a restart without persistence, a flush, a failover to a replica that was behind) "
					+ "while its clock was behind that. Refusing IDs that may repeat";
			logger.error(message);
			throw new CounterLostException(this.sequence, message);
		}
		this.last.accumulateAndGet(reservation, Reservation::later);
		return reservation;
	}

	private Reservation toReservation(List<Object> reply) {
		long status = (Long) reply.get(0);
		if (status == RESERVED) {
			long millis = (Long) reply.get(1);
			long firstSlot = (Long) reply.get(2);
			int size = ((Long) reply.get(3)).intValue();
			return new Reservation(millis, firstSlot * this.count + this.index, this.count, size);
		}
		if (status == OTHER_CONFIGURATION) {
			throw new IdGenerationException("Redis " + this.name + " serves sequence "
					+ SequenceNames.quote(this.sequence) + " (key '" + this.key + "') as " + reply.get(1)
					+ ", but this instance is configured as " + this.configuration
					+ ". Every instance of a sequence must list the same Redis nodes in the "
					+ "same order and use the same layout; changing them for a sequence in use can repeat IDs, "
					+ "so give the new configuration a new sequence or key prefix");
		}
		long behindMillis = (Long) reply.get(1);
		throw new ClockBehindException("the clock of Redis " + this.name + " is " + behindMillis
				+ " ms behind the last millisecond it handed out", behindMillis);
	}

	private static String loadScript() {
		try {
			return new ClassPathResource("reserve.lua", RedisTimeNode.class).getContentAsString(StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read the script of the Redis time mode", ex);
		}
	}

}
