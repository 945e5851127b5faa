package io.github.idgen.redis;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.UUID;

import com.zaxxer.hikari.HikariDataSource;
import io.lettuce.core.RedisCommandExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.SequenceObserver;
import io.github.idgen.jdbc.JdbcCounterFloor;
import io.github.idgen.test.RedisServerExtension;
import io.github.idgen.test.RedisServerProcess;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.test.UniqueNames.uniqueName;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * What the Redis stores put in their exception messages, which reach the caller, the
 * actuator endpoint's lastFailure, health details and the startup report, and how they
 * tell a failure a retry may heal from one it will not: through Lettuce, the client
 * Spring Boot brings, against Redis servers of the test's own.
 */
class RedisFailureTranslationTest {

	private static final String USER = "idgen-secret-user";

	private static final String PASSWORD = "idgen-secret-password";

	private final int closedPort = closedPort();

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	/**
	 * Redis 7.2 and later name the user in every ACL refusal (acl.c, getAclErrorMessage:
	 * "User %S has no permissions to run the '%S' command"): the refusal is permanent,
	 * and named by its code, not quoted.
	 */
	@Test
	void aPermissionRefusalOfRedis72IsPermanentAndDoesNotNameTheUser() {
		IdGenerationException translated = RedisFailures.translate("Could not reserve 1 IDs of sequence 'a'",
				lettuce("NOPERM User " + USER + " has no permissions to run the 'evalsha' command"));
		assertThat(translated).isInstanceOf(BackendMisconfiguredException.class)
			.hasMessageContaining("NOPERM")
			.hasMessageNotContaining(USER);
	}

	/**
	 * The same inside the reserve script: Redis 7.2+ answers "ERR ACL failure in script:
	 * User ... has no permissions ...".
	 */
	@Test
	void anAclFailureInsideTheScriptOfRedis72DoesNotNameTheUser() {
		IdGenerationException translated = RedisFailures.translate("Could not reserve 1 IDs of sequence 'a'",
				lettuce("ERR ACL failure in script: User " + USER
						+ " has no permissions to run the 'info' command script: 4b1b2a, on @user_script:92."));
		assertThat(translated).isInstanceOf(BackendMisconfiguredException.class).hasMessageNotContaining(USER);
	}

	@Test
	void repliesOfAServerThatIsLoadingFailingOverOrBusyAreTransient() {
		for (String reply : List.of("READONLY You can't write against a read only replica.",
				"LOADING Redis is loading the dataset in memory", "BUSY Redis is busy running a script.",
				"MASTERDOWN Link with MASTER is down", "TRYAGAIN Multiple keys request during rehashing of slot",
				"CLUSTERDOWN The cluster is down", "OOM command not allowed when used memory > 'maxmemory'.",
				"MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to disk.")) {
			assertThat(RedisFailures.translate("Could not reserve 1 IDs of sequence 'a'", lettuce(reply))).as(reply)
				.isInstanceOf(BackendUnavailableException.class);
		}
	}

	/**
	 * Redis before 7.0 wraps the error of a command in a script in an ERR reply (format
	 * of its scripting.c); the wrapped code decides.
	 */
	@Test
	void aTransientReplyWrappedInTheScriptErrorOfRedis6IsTransient() {
		for (String code : List.of("READONLY You can't write against a read only replica. ",
				"OOM command not allowed when used memory > 'maxmemory'. ")) {
			String reply = "ERR Error running script (call to f_5c36e7a2d3dc0d5d6e6b7d4e2cb3e4b2d2c1a6f0): "
					+ "@user_script:95: @user_script: 95: -" + code;
			assertThat(RedisFailures.translate("Could not reserve 1 IDs of sequence 'a'", lettuce(reply))).as(reply)
				.isInstanceOf(BackendUnavailableException.class);
		}
		assertThat(RedisFailures.translate("Could not reserve 1 IDs of sequence 'a'",
				lettuce("ERR Error running script (call to f_5c36e7): @user_script:9: @user_script: 9: "
						+ "-WRONGTYPE Operation against a key holding the wrong kind of value ")))
			.isInstanceOf(BackendMisconfiguredException.class);
	}

	/**
	 * A server at its client limit, as in a reconnection storm after a failover, replies
	 * with ERR; a retry heals it.
	 */
	@Test
	void aServerAtItsClientLimitIsTransient() {
		RedisServerProcess server = this.redis.server();
		try (RedisConnection admin = server.connectionFactory().getConnection()) {
			admin.serverCommands().setConfig("maxclients", "1");
		}
		LettuceConnectionFactory application = new LettuceConnectionFactory(server.configuration());
		application.afterPropertiesSet();
		application.start();
		try {
			RedisSegmentStore store = new RedisSegmentStore(application, new RedisKeys("idgen-maxclients:"));
			assertThat(catchThrowable(() -> store.allocate(uniqueName("full"), 10, 1)))
				.isInstanceOf(BackendUnavailableException.class);
		}
		finally {
			application.destroy();
		}
	}

	@Test
	void failuresThatAreNoReplyAreTransientAndDescribedByTheirTypesOnly() {
		IdGenerationException translated = RedisFailures.translate("Could not reserve 1 IDs of sequence 'a'",
				new RedisConnectionFailureException("Unable to connect to 127.0.0.1:6379 as " + USER));
		assertThat(translated).isInstanceOf(BackendUnavailableException.class)
			.hasMessage("Could not reserve 1 IDs of sequence 'a': RedisConnectionFailureException");
	}

	/**
	 * An operator (or another application) left the guard key of a sequence holding a
	 * hash: every run of the script fails with WRONGTYPE, at once and as permanent.
	 */
	@Test
	void aGuardKeyOfTheWrongTypeIsPermanent() {
		RedisServerProcess server = this.redis.server();
		RedisKeys keys = new RedisKeys("idgen-wrongtype:");
		String sequence = uniqueName("wrongtype");
		server.template().opsForHash().put(keys.guard(sequence), "field", "value");
		RedisSegmentStore store = new RedisSegmentStore(server.connectionFactory(), keys);
		Throwable failure = catchThrowable(() -> store.allocate(sequence, 10, 1));
		assertThat(failure).isInstanceOf(BackendMisconfiguredException.class);
	}

	/**
	 * The application user may not run scripts at all (an ACL without EVALSHA/EVAL): a
	 * NOPERM reply, permanent.
	 */
	@Test
	void aUserThatMayNotRunScriptsIsPermanent() {
		RedisServerProcess server = this.redis.server();
		try (var admin = server.connectionFactory().getConnection()) {
			admin.execute("ACL", bytes("SETUSER"), bytes(USER), bytes("on"), bytes(">" + PASSWORD), bytes("~*"),
					bytes("+@all"), bytes("-evalsha"), bytes("-eval"));
		}
		RedisStandaloneConfiguration configuration = server.configuration();
		configuration.setUsername(USER);
		configuration.setPassword(PASSWORD);
		LettuceConnectionFactory app = new LettuceConnectionFactory(configuration);
		app.afterPropertiesSet();
		app.start();
		try {
			RedisSegmentStore store = new RedisSegmentStore(app, new RedisKeys("idgen-noperm:"));
			Throwable failure = catchThrowable(() -> store.allocate(uniqueName("noperm"), 10, 1));
			assertThat(failure).isInstanceOf(BackendMisconfiguredException.class);
		}
		finally {
			app.destroy();
		}
	}

	private static RuntimeException lettuce(String reply) {
		return new LettuceConnectionFactory().translateExceptionIfPossible(new RedisCommandExecutionException(reply));
	}

	private static byte[] bytes(String text) {
		return text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
	}

	/**
	 * With idgen.redis.floor-source=jdbc, a floor the store cannot reach fails the
	 * allocation without the driver's message, which names the database host and port.
	 */
	@Test
	void aFloorThatCannotBeReachedIsReportedWithoutTheDatabaseAddress() {
		RedisServerProcess server = this.redis.server();
		// as Spring Boot builds it: a Hikari pool that starts on first use
		HikariDataSource database = new HikariDataSource();
		database.setJdbcUrl("jdbc:postgresql://127.0.0.1:" + this.closedPort + "/test?connectTimeout=1");
		database.setUsername(USER);
		database.setPassword(PASSWORD);
		RedisSegmentStore store = new RedisSegmentStore(server.connectionFactory(), new RedisKeys("idgen-leak:"),
				new JdbcCounterFloor(database, "idgen_floor"), 1000, SequenceObserver.NONE);
		Throwable failure = catchThrowable(() -> store.allocate(uniqueName("leak"), 10, 1));
		assertThat(failure).isNotNull();
		database.close();
		assertThat(failure.getMessage()).doesNotContain("127.0.0.1", Integer.toString(this.closedPort));
	}

	/**
	 * A floor table that does not exist (or a permission the floor's user lacks, SQLState
	 * class 42) is a permanent error.
	 */
	@Test
	void aFloorTableThatDoesNotExistIsPermanent() {
		RedisServerProcess server = this.redis.server();
		String missingTable = "idgen_missing_" + UUID.randomUUID().toString().substring(0, 8);
		RedisSegmentStore store = new RedisSegmentStore(server.connectionFactory(), new RedisKeys("idgen-leak:"),
				new JdbcCounterFloor(TestBackends.h2(), missingTable), 1000, SequenceObserver.NONE);
		Throwable failure = catchThrowable(() -> store.allocate(uniqueName("missing"), 10, 1));
		assertThat(failure).isInstanceOf(BackendMisconfiguredException.class);
	}

	private static int closedPort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
