package io.github.idgen.redis.time;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Creates the {@link RedisTimeSequence}s of an application over its time-mode nodes: the
 * application's own Redis, or Redis servers that these sequences connect to themselves
 * and close with them. Each sequence prefers a node chosen at random, so that instances
 * spread over the nodes.
 */
public final class RedisTimeSequences implements AutoCloseable {

	private final List<? extends RedisConnectionFactory> nodes;

	private final RedisTimeSettings settings;

	private final boolean ownsNodes;

	private RedisTimeSequences(List<? extends RedisConnectionFactory> nodes, RedisTimeSettings settings,
			boolean ownsNodes) {
		this.nodes = List.copyOf(nodes);
		this.settings = settings;
		this.ownsNodes = ownsNodes;
	}

	/**
	 * Return the sequences served by the application's Redis alone, which closing them
	 * leaves open.
	 * @param connectionFactory the application's Redis
	 * @param settings the layout, shard and bounds of the IDs
	 * @return the sequences
	 */
	public static RedisTimeSequences onApplicationRedis(RedisConnectionFactory connectionFactory,
			RedisTimeSettings settings) {
		return new RedisTimeSequences(List.of(connectionFactory), settings, false);
	}

	/**
	 * Return the sequences served by nodes opened for them, which closing them closes.
	 * @param nodes the nodes; node i of n hands out sequence values congruent to i modulo
	 * n
	 * @param settings the layout, shard and bounds of the IDs
	 * @return the sequences
	 */
	public static RedisTimeSequences onOwnNodes(List<? extends RedisConnectionFactory> nodes,
			RedisTimeSettings settings) {
		return new RedisTimeSequences(nodes, settings, true);
	}

	/**
	 * Create the sequence of a name.
	 * @param name the sequence name
	 * @return its sequence
	 */
	public RedisTimeSequence create(String name) {
		return new RedisTimeSequence(name, this.nodes, ThreadLocalRandom.current().nextInt(this.nodes.size()),
				this.settings);
	}

	/**
	 * Close the connections to the nodes if these sequences opened them.
	 */
	@Override
	public void close() throws Exception {
		if (this.ownsNodes) {
			for (RedisConnectionFactory node : this.nodes) {
				if (node instanceof DisposableBean disposable) {
					disposable.destroy();
				}
			}
		}
	}

}
