package io.github.idgen.faults.process;

import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.UUID;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import org.h2.tools.Server;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.idgen.faults.SerializedMongoBackend;
import io.github.idgen.test.TestBackends;

/**
 * A backend that the child JVMs of a scenario share, with the {@link ChildOptions} that
 * tell a child how to reach it ({@code store}, {@code url} and whatever else
 * {@link ChildStores} needs):
 * <ul>
 * <li>{@code h2}: an in-memory database of an H2 TCP server that this JVM hosts;</li>
 * <li>{@code postgres}, {@code mariadb}, {@code redis}: the servers {@link TestBackends}
 * resolves, which skips or fails the scenario if there is none;</li>
 * <li>{@code mongo}: an in-JVM mongo-java-server that this JVM hosts on a free port,
 * serialized by {@link SerializedMongoBackend}.</li>
 * </ul>
 * JDBC backends use the table {@value #SEGMENT_TABLE} for segments and a worker table of
 * their own per instance, Redis a key prefix of its own per instance; scenarios give
 * their sequences fresh names, so what earlier runs left behind does not matter.
 * {@link #close()} drops the worker table of PostgreSQL and MariaDB and deletes the Redis
 * keys of the instance.
 */
final class SharedBackend implements AutoCloseable {

	static final String SEGMENT_TABLE = "idgen_fault_segment";

	private final ChildOptions options;

	private final AutoCloseable host;

	private SharedBackend(ChildOptions options, AutoCloseable host) {
		this.options = options;
		this.host = host;
	}

	/**
	 * Open a backend by name, starting its server if this JVM hosts it.
	 * @param name {@code h2}, {@code postgres}, {@code mariadb}, {@code redis} or
	 * {@code mongo}
	 * @return the backend, to be closed
	 * @throws SQLException if the H2 server does not start
	 */
	static SharedBackend open(String name) throws SQLException {
		String suffix = UUID.randomUUID().toString().substring(0, 8);
		return switch (name) {
			case "h2" -> {
				Server server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
				yield new SharedBackend(jdbc("jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/mem:idgen-faults-"
						+ suffix + ";DB_CLOSE_DELAY=-1", null, null, "idgen_fault_worker"), server::stop);
			}
			case "postgres" -> pooled((HikariDataSource) TestBackends.postgres(), suffix);
			case "mariadb" -> pooled((HikariDataSource) TestBackends.mariaDb(), suffix);
			case "redis" -> {
				LettuceConnectionFactory factory = TestBackends.redis();
				RedisStandaloneConfiguration redis = factory.getStandaloneConfiguration();
				String prefix = "idgen:faults:" + suffix + ":";
				yield new SharedBackend(ChildOptions.empty()
					.with("store", "redis")
					.with("url", "redis://" + redis.getHostName() + ":" + redis.getPort() + "/" + redis.getDatabase())
					.with("prefix", prefix), () -> deleteKeys(factory, prefix));
			}
			case "mongo" -> {
				MongoServer server = new MongoServer(SerializedMongoBackend.of(new MemoryBackend()));
				InetSocketAddress address = server.bind();
				yield new SharedBackend(
						ChildOptions.empty()
							.with("store", "mongo")
							.with("url", "mongodb://127.0.0.1:" + address.getPort() + "/idgen-faults"),
						server::shutdownNow);
			}
			default -> throw new IllegalArgumentException("Unknown backend " + name);
		};
	}

	private static SharedBackend pooled(HikariDataSource dataSource, String suffix) {
		String workerTable = "idgen_fault_worker_" + suffix;
		return new SharedBackend(
				jdbc(dataSource.getJdbcUrl(), dataSource.getUsername(), dataSource.getPassword(), workerTable),
				() -> dropTable(dataSource, workerTable));
	}

	private static ChildOptions jdbc(String url, String user, String password, String workerTable) {
		ChildOptions options = ChildOptions.empty()
			.with("store", "jdbc")
			.with("url", url)
			.with("table", SEGMENT_TABLE)
			.with("workerTable", workerTable);
		options = (user != null) ? options.with("user", user) : options;
		return (password != null) ? options.with("password", password) : options;
	}

	private static void dropTable(DataSource dataSource, String table) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + table);
		}
	}

	private static void deleteKeys(LettuceConnectionFactory factory, String prefix) {
		StringRedisTemplate template = new StringRedisTemplate(factory);
		Set<String> keys = template.keys(prefix + "*");
		if (!keys.isEmpty()) {
			template.delete(keys);
		}
	}

	/**
	 * Return the options that tell a child how to reach this backend.
	 * @return the options
	 */
	ChildOptions options() {
		return this.options;
	}

	@Override
	public void close() throws Exception {
		this.host.close();
	}

}
