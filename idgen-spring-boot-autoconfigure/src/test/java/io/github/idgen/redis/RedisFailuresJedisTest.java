package io.github.idgen.redis;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisDataException;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerationException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How {@link RedisFailures} reads the failures of Jedis, which Spring Data Redis turns
 * into an {@code InvalidDataAccessApiUsageException} whose message is the exception's,
 * Redis reply or not: a cluster client that gave up is transient, and an ACL refusal is
 * permanent without naming the user. Here, not in idgen-core, because only this module
 * has Jedis on its test class path.
 */
class RedisFailuresJedisTest {

	private final JedisConnectionFactory jedis = new JedisConnectionFactory();

	@Test
	void aJedisClusterThatRanOutOfAttemptsIsReportedAsTransient() {
		assertThat(translate(new JedisClusterOperationException("No more cluster attempts left.")))
			.isInstanceOf(BackendUnavailableException.class);
	}

	@Test
	void aJedisClusterPastItsRetryDeadlineIsReportedAsTransient() {
		assertThat(translate(new JedisClusterOperationException("Cluster retry deadline exceeded.")))
			.isInstanceOf(BackendUnavailableException.class);
	}

	/**
	 * Redis 7.2+ names the user in an ACL refusal.
	 */
	@Test
	void anAclRefusalOfRedis72IsPermanentAndDoesNotNameTheUser() {
		IdGenerationException translated = translate(new JedisDataException(
				"NOPERM User idgen-secret-user has no permissions to run the 'evalsha' command"));
		assertThat(translated).isInstanceOf(BackendMisconfiguredException.class)
			.hasMessageNotContaining("idgen-secret-user");
	}

	private IdGenerationException translate(RuntimeException jedisFailure) {
		DataAccessException converted = this.jedis.translateExceptionIfPossible(jedisFailure);
		return RedisFailures.translate("Could not reserve 1 IDs of sequence 'a'", converted);
	}

}
