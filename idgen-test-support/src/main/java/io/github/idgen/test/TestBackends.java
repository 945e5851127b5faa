package io.github.idgen.test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.UUID;
import java.util.function.Supplier;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.mariadb.MariaDBContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * The backends that tests run against, each resolved once per JVM, on first use.
 * <p>
 * A backend comes from the first of these that applies:
 * <ol>
 * <li>an explicit URL in the environment: {@code IDGEN_TEST_POSTGRES_URL} or
 * {@code IDGEN_TEST_MARIADB_URL}, with the user and password either in the URL or in
 * {@code IDGEN_TEST_POSTGRES_USER} / {@code IDGEN_TEST_POSTGRES_PASSWORD} (likewise
 * {@code IDGEN_TEST_MARIADB_USER} / {@code IDGEN_TEST_MARIADB_PASSWORD});
 * {@code IDGEN_TEST_REDIS_URL} ({@code redis://127.0.0.1:6379}) for a standalone Redis;
 * {@code IDGEN_TEST_REDIS_CLUSTER_NODES}
 * ({@code 127.0.0.1:7000,127.0.0.1:7001,127.0.0.1:7002}) for a Redis Cluster;
 * {@code IDGEN_TEST_MONGO_URL} for MongoDB; a URL that does not work fails the
 * tests;</li>
 * <li>a Testcontainers container ({@code postgres:16}, {@code mariadb:11},
 * {@code redis:7}, {@code mongo:7}) when Docker is available (checked once); a container
 * that does not start fails the tests; there is none for the Redis Cluster;</li>
 * <li>a server on the standard local port, if something answers there: PostgreSQL on
 * {@code 127.0.0.1:5432} (user {@code postgres}, database {@code test}), MariaDB on
 * {@code 127.0.0.1:3306} (user {@code root}, empty password, database {@code test}),
 * Redis on {@code 127.0.0.1:6379}, a Redis Cluster on {@code 127.0.0.1:7000} to
 * {@code 7002} (as {@code .ci/redis-cluster} starts it), MongoDB on
 * {@code 127.0.0.1:27017}; one that answers but cannot be used (a Redis that is not a
 * cluster, say) counts as none;</li>
 * <li>none: MongoDB falls back to an in-JVM server (see {@link MongoBackends}); the tests
 * that need another backend are skipped with the reason printed, unless
 * {@code IDGEN_TEST_REQUIRE_BACKENDS=true}, which makes them fail instead.</li>
 * </ol>
 * Each database is handed out as a pooled {@link DataSource} (HikariCP, at most
 * {@value #MAX_POOL_SIZE} connections) shared by all tests, each Redis as a started
 * {@link LettuceConnectionFactory} shared by all tests, which share its native connection
 * as applications do. {@link #h2()}, {@link #hsqldb()} and {@link #derby()} create a
 * fresh in-memory database, which is always available. The Redis backends are resolved by
 * {@link RedisBackends} and the MongoDB backend by {@link MongoBackends} (which falls
 * back to an in-JVM server instead of skipping), so that modules without Spring Data
 * Redis or Spring Data MongoDB can use the rest of this class.
 */
public final class TestBackends {

	private static final int MAX_POOL_SIZE = 16;

	private static final String REQUIRE_BACKENDS = "IDGEN_TEST_REQUIRE_BACKENDS";

	private TestBackends() {
	}

	/**
	 * Return the PostgreSQL backend, or skip (or fail) the calling test if there is none.
	 * @return a pooled data source
	 */
	public static DataSource postgres() {
		return Postgres.BACKEND.require();
	}

	/**
	 * Return the MariaDB backend, or skip (or fail) the calling test if there is none.
	 * @return a pooled data source
	 */
	public static DataSource mariaDb() {
		return MariaDb.BACKEND.require();
	}

	/**
	 * Return the standalone Redis backend, or skip (or fail) the calling test if there is
	 * none.
	 * @return a started connection factory, shared by all tests: do not destroy it
	 */
	public static LettuceConnectionFactory redis() {
		return RedisBackends.standalone();
	}

	/**
	 * Return the Redis Cluster backend, or skip (or fail) the calling test if there is
	 * none.
	 * @return a started connection factory, shared by all tests: do not destroy it
	 */
	public static LettuceConnectionFactory redisCluster() {
		return RedisBackends.cluster();
	}

	/**
	 * Return a new connection factory on the same Redis as the given one, with a native
	 * connection of its own, as another application instance would have.
	 * @param backend a factory returned by {@link #redis()} or {@link #redisCluster()}
	 * @return a started connection factory, to be destroyed by the caller
	 */
	public static LettuceConnectionFactory newRedisConnectionFactory(LettuceConnectionFactory backend) {
		return RedisBackends.newConnectionFactory(backend);
	}

	/**
	 * Return a new connection factory on the given Redis, started and checked with a
	 * {@code PING}. Commands time out after 10 seconds.
	 * @param configuration where Redis is
	 * @return a started connection factory, to be destroyed by the caller
	 */
	public static LettuceConnectionFactory redisConnectionFactory(RedisConfiguration configuration) {
		return RedisBackends.connectionFactory(configuration);
	}

	/**
	 * Return the MongoDB backend, or fail the calling test if the one configured does not
	 * work. Without a configured one, an in-JVM server is used, so this never skips.
	 * @return a template, shared by all tests
	 */
	public static MongoTemplate mongo() {
		return MongoBackends.template();
	}

	/**
	 * Return a pooled data source on a new, empty in-memory H2 database, which lives
	 * until the JVM ends.
	 * @return a pooled data source
	 */
	public static DataSource h2() {
		return pool("h2", "jdbc:h2:mem:idgen-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", null, null);
	}

	/**
	 * Return a pooled data source on a new, empty in-memory HSQLDB database, which lives
	 * until the JVM ends.
	 * @return a pooled data source
	 */
	public static DataSource hsqldb() {
		return pool("hsqldb", "jdbc:hsqldb:mem:idgen-" + UUID.randomUUID(), "SA", "");
	}

	/**
	 * Return a pooled data source on a new, empty in-memory Derby database, which lives
	 * until the JVM ends.
	 * @return a pooled data source
	 */
	public static DataSource derby() {
		return pool("derby", "jdbc:derby:memory:idgen-" + UUID.randomUUID() + ";create=true", null, null);
	}

	private static HikariDataSource pool(String name, String url, String user, String password) {
		HikariConfig config = new HikariConfig();
		config.setPoolName("idgen-test-" + name);
		config.setJdbcUrl(url);
		config.setUsername(user);
		config.setPassword(password);
		config.setMaximumPoolSize(MAX_POOL_SIZE);
		config.setMinimumIdle(1);
		config.setConnectionTimeout(10_000);
		return new HikariDataSource(config);
	}

	private static boolean requireBackends() {
		return Boolean.parseBoolean(System.getenv(REQUIRE_BACKENDS));
	}

	/**
	 * Skip the calling test because a backend it needs is missing, or fail it if
	 * {@code IDGEN_TEST_REQUIRE_BACKENDS=true}.
	 * @param reason what is missing
	 */
	static void missing(String reason) {
		if (requireBackends()) {
			Assertions.fail(reason + " (" + REQUIRE_BACKENDS + "=true)");
		}
		Assumptions.abort(reason);
	}

	static boolean answers(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static void report(String message) {
		System.out.println("[idgen test backends] " + message);
	}

	/**
	 * Where a JDBC backend can come from.
	 *
	 * @param name the display name
	 * @param envPrefix the prefix of the environment variables, such as
	 * {@code IDGEN_TEST_POSTGRES}
	 * @param container creates the container to start when Docker is available
	 * @param localPort the standard local port
	 * @param localUrl the JDBC URL of the server on the standard local port
	 * @param localUser the user on the standard local server
	 * @param localPassword the password on the standard local server
	 */
	private record JdbcBackend(String name, String envPrefix, Supplier<JdbcDatabaseContainer<?>> container,
			int localPort, String localUrl, String localUser, String localPassword) {

		Resolution<DataSource> resolve() {
			String url = System.getenv(this.envPrefix + "_URL");
			if (url != null && !url.isBlank()) {
				return Resolution.of(
						this.name + " from " + this.envPrefix + "_URL", () -> pool(this.name, url,
								System.getenv(this.envPrefix + "_USER"), System.getenv(this.envPrefix + "_PASSWORD")),
						false);
			}
			if (Docker.AVAILABLE) {
				return Resolution.of(this.name + " from Testcontainers", () -> {
					JdbcDatabaseContainer<?> container = this.container.get();
					container.start();
					return pool(this.name, container.getJdbcUrl(), container.getUsername(), container.getPassword());
				}, false);
			}
			if (answers(this.localPort)) {
				return Resolution.of(this.name + " on 127.0.0.1:" + this.localPort,
						() -> pool(this.name, this.localUrl, this.localUser, this.localPassword), true);
			}
			return Resolution.unavailable(this.name + " not available: set " + this.envPrefix
					+ "_URL, start Docker or run a server on 127.0.0.1:" + this.localPort);
		}

	}

	/**
	 * A resolved backend: the client to reach it (such as a {@link DataSource}), the
	 * reason why there is none (the tests are skipped) or the failure that the tests
	 * report.
	 *
	 * @param <T> the type of the client
	 * @param client the client, or {@code null}
	 * @param unavailableReason why there is no client, or {@code null}
	 * @param failure why the backend that should be there failed, or {@code null}
	 */
	record Resolution<T>(T client, String unavailableReason, RuntimeException failure) {

		static <T> Resolution<T> of(String source, Supplier<T> client, boolean unavailableIfFailed) {
			try {
				Resolution<T> resolution = new Resolution<>(client.get(), null, null);
				report(source);
				return resolution;
			}
			catch (RuntimeException ex) {
				if (unavailableIfFailed) {
					return unavailable(source + " answers but cannot be used: " + ex);
				}
				report(source + " failed: " + ex);
				return new Resolution<>(null, null, new IllegalStateException(source + " failed", ex));
			}
		}

		static <T> Resolution<T> unavailable(String reason) {
			report(reason);
			return new Resolution<>(null, reason, null);
		}

		/**
		 * Return the client, or skip (or fail) the calling test if there is none.
		 * @return the client
		 */
		T require() {
			if (this.failure != null) {
				throw this.failure;
			}
			if (this.client == null) {
				missing(this.unavailableReason);
			}
			return this.client;
		}

	}

	static final class Docker {

		static final boolean AVAILABLE = DockerClientFactory.instance().isDockerAvailable();

	}

	private static final class Postgres {

		static final Resolution<DataSource> BACKEND = new JdbcBackend("PostgreSQL", "IDGEN_TEST_POSTGRES",
				() -> new PostgreSQLContainer("postgres:16"), 5432, "jdbc:postgresql://127.0.0.1:5432/test", "postgres",
				null)
			.resolve();

	}

	private static final class MariaDb {

		static final Resolution<DataSource> BACKEND = new JdbcBackend("MariaDB", "IDGEN_TEST_MARIADB",
				() -> new MariaDBContainer("mariadb:11"), 3306, "jdbc:mariadb://127.0.0.1:3306/test", "root", "")
			.resolve();

	}

}
