package io.github.idgen.test;

import java.util.Objects;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisSentinelConnection;

/**
 * A {@link RedisConnectionFactory} that hands out connections of another factory, which a
 * test can switch: an application instance whose Redis address now leads to another
 * server, as after a failover that moves a virtual IP or a DNS name. Tests extend it to
 * pause or fail {@link #getConnection()}.
 */
public class SwitchableConnectionFactory implements RedisConnectionFactory {

	private volatile RedisConnectionFactory target;

	/**
	 * Create a factory that hands out connections of the given one.
	 * @param target the factory to hand out connections of
	 */
	public SwitchableConnectionFactory(RedisConnectionFactory target) {
		switchTo(target);
	}

	/**
	 * Hand out connections of another factory from now on.
	 * @param target the factory to hand out connections of
	 */
	public void switchTo(RedisConnectionFactory target) {
		this.target = Objects.requireNonNull(target, "target must not be null");
	}

	@Override
	public boolean getConvertPipelineAndTxResults() {
		return this.target.getConvertPipelineAndTxResults();
	}

	@Override
	public RedisConnection getConnection() {
		return this.target.getConnection();
	}

	@Override
	public RedisClusterConnection getClusterConnection() {
		return this.target.getClusterConnection();
	}

	@Override
	public RedisSentinelConnection getSentinelConnection() {
		return this.target.getSentinelConnection();
	}

	@Override
	public DataAccessException translateExceptionIfPossible(RuntimeException ex) {
		return this.target.translateExceptionIfPossible(ex);
	}

}
