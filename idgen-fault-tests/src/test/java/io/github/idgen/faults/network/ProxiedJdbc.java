package io.github.idgen.faults.network;

import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.h2.tools.Server;

import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;

/**
 * A relational database behind a {@link TcpProxy}: an H2 TCP server started in this JVM,
 * or the PostgreSQL or MariaDB of the test environment. Each client is a HikariCP pool
 * that gives up on a connection after half a second and opens none while idle, with
 * driver connect and socket timeouts.
 * <p>
 * Why half a second and no idle connections: while the database cannot be reached,
 * HikariCP retries opening a connection with a back-off that doubles up to five seconds
 * for as long as a caller waits or the pool is below its minimum idle count. A short
 * wait and no minimum end each series of attempts early, so that the next one, started
 * by the engine's next fetch, begins again at ten milliseconds, and a restored database
 * is found within a few hundred milliseconds instead of up to five seconds.
 */
final class ProxiedJdbc extends ProxiedBackend {

	static final String TABLE = "idgen_fnet_segment";

	private static final Pattern URL = Pattern.compile("^(jdbc:[a-z0-9]+://)([^/:?;]+)(?::(\\d+))?(.*)$");

	private final String url;

	private final String user;

	private final String password;

	private final Map<String, String> driverProperties;

	private final Server h2Server;

	private ProxiedJdbc(String name, TcpProxy proxy, String url, String user, String password,
			Map<String, String> driverProperties, Server h2Server) {
		super(name, proxy);
		this.url = url;
		this.user = user;
		this.password = password;
		this.driverProperties = driverProperties;
		this.h2Server = h2Server;
	}

	/**
	 * Start an H2 TCP server on a free port, with a new in-memory database, behind a
	 * proxy.
	 * @return the backend
	 */
	static ProxiedJdbc h2() {
		Server server;
		try {
			server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not start an H2 TCP server", ex);
		}
		TcpProxy proxy = TcpProxy.start("127.0.0.1", server.getPort());
		String url = "jdbc:h2:tcp://" + proxy.host() + ":" + proxy.port() + "/mem:idgen-fnet-" + UUID.randomUUID()
				+ ";DB_CLOSE_DELAY=-1";
		return new ProxiedJdbc("h2", proxy, url, "sa", "", Map.of(), server);
	}

	/**
	 * Put a proxy in front of the PostgreSQL of the test environment.
	 * @return the backend
	 */
	static ProxiedJdbc postgres() {
		return external("postgresql", "IDGEN_TEST_POSTGRES", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres",
				5432, Map.of("connectTimeout", "1", "socketTimeout", "10"));
	}

	/**
	 * Put a proxy in front of the MariaDB of the test environment.
	 * @return the backend
	 */
	static ProxiedJdbc mariaDb() {
		return external("mariadb", "IDGEN_TEST_MARIADB", "jdbc:mariadb://127.0.0.1:3306/test?user=root", 3306,
				Map.of("connectTimeout", "1000", "socketTimeout", "10000"));
	}

	private static ProxiedJdbc external(String name, String variablePrefix, String localUrl, int defaultPort,
			Map<String, String> driverProperties) {
		String url = BackendAddress.url(variablePrefix + "_URL", localUrl, defaultPort);
		Matcher matcher = URL.matcher(url);
		if (!matcher.matches()) {
			throw new IllegalArgumentException("Cannot tell the host and port of " + url);
		}
		int port = (matcher.group(3) != null) ? Integer.parseInt(matcher.group(3)) : defaultPort;
		TcpProxy proxy = TcpProxy.start(matcher.group(2), port);
		String proxied = matcher.group(1) + proxy.host() + ":" + proxy.port() + matcher.group(4);
		return new ProxiedJdbc(name, proxy, proxied, System.getenv(variablePrefix + "_USER"),
				System.getenv(variablePrefix + "_PASSWORD"), driverProperties, null);
	}

	@Override
	StoreClient connect() {
		HikariConfig config = new HikariConfig();
		config.setPoolName("idgen-fnet-" + name());
		config.setJdbcUrl(this.url);
		config.setUsername(this.user);
		config.setPassword(this.password);
		config.setMaximumPoolSize(4);
		config.setMinimumIdle(0);
		config.setConnectionTimeout(500);
		config.setValidationTimeout(500);
		this.driverProperties.forEach(config::addDataSourceProperty);
		HikariDataSource pool = new HikariDataSource(config);
		new JdbcSegmentSchema(pool, TABLE).createIfMissing();
		return new StoreClient(new JdbcSegmentStore(pool, TABLE), pool);
	}

	@Override
	public void close() {
		super.close();
		if (this.h2Server != null) {
			this.h2Server.stop();
		}
	}

}
