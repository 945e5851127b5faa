package io.github.idgen.faults.network;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.SQLExceptionOverride;
import org.h2.tools.Server;

import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;

/**
 * A relational database behind {@link TcpProxy TcpProxies}: an H2 TCP server started in
 * this JVM, or the PostgreSQL or MariaDB of the test environment. Each client is a
 * HikariCP pool that gives up on a connection after half a second and keeps no idle
 * connections, with driver connect and socket timeouts.
 * <p>
 * While the database cannot be reached, HikariCP retries opening a connection with a
 * back-off that doubles from 10 ms up to five seconds, fixed in its code, for as long as
 * a caller waits for a connection whenever it checks, or the pool is below its minimum
 * idle count. No minimum and a short wait end a series of attempts sooner, but a fetch
 * retrying throughout an outage is waiting often enough that the back-off usually reaches
 * its cap: the pool then opens its first connection up to five seconds after the database
 * is back.
 * <p>
 * HikariCP evicts a connection that failed with an SQL state of class 08 (connection
 * exception) and a few vendor codes; H2 reports a broken connection as
 * {@link SQLNonTransientConnectionException} with its own state 90067, which the pool
 * would keep and hand out again. The pools evict a connection on any
 * {@link SQLNonTransientConnectionException}.
 */
final class ProxiedJdbc extends ProxiedBackend {

	static final String TABLE = "idgen_fnet_segment";

	private static final Pattern URL = Pattern.compile("^(jdbc:[a-z0-9]+://)([^/:?;]+)(?::(\\d+))?(.*)$");

	private final String urlBeforeAddress;

	private final String urlAfterAddress;

	private final String user;

	private final String password;

	private final Map<String, String> driverProperties;

	private final Server h2Server;

	private ProxiedJdbc(String name, String host, int port, String urlBeforeAddress, String urlAfterAddress,
			String user, String password, Map<String, String> driverProperties, Server h2Server) {
		super(name, host, port);
		this.urlBeforeAddress = urlBeforeAddress;
		this.urlAfterAddress = urlAfterAddress;
		this.user = user;
		this.password = password;
		this.driverProperties = driverProperties;
		this.h2Server = h2Server;
	}

	/**
	 * Start an H2 TCP server on a free port, with a new in-memory database.
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
		return new ProxiedJdbc("h2", "127.0.0.1", server.getPort(), "jdbc:h2:tcp://",
				"/mem:idgen-fnet-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "sa", "", Map.of(), server);
	}

	/**
	 * Return the PostgreSQL of the test environment.
	 * @return the backend
	 */
	static ProxiedJdbc postgres() {
		return external("postgresql", "IDGEN_TEST_POSTGRES", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres",
				5432, Map.of("connectTimeout", "1", "socketTimeout", "10"));
	}

	/**
	 * Return the MariaDB of the test environment.
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
		return new ProxiedJdbc(name, matcher.group(2), port, matcher.group(1), matcher.group(4),
				System.getenv(variablePrefix + "_USER"), System.getenv(variablePrefix + "_PASSWORD"), driverProperties,
				null);
	}

	@Override
	StoreClient connect(TcpProxy proxy) {
		HikariConfig config = new HikariConfig();
		config.setPoolName("idgen-fnet-" + name() + "-" + proxy.port());
		config.setJdbcUrl(this.urlBeforeAddress + proxy.host() + ":" + proxy.port() + this.urlAfterAddress);
		config.setUsername(this.user);
		config.setPassword(this.password);
		config.setMaximumPoolSize(4);
		config.setMinimumIdle(0);
		config.setConnectionTimeout(500);
		config.setValidationTimeout(500);
		config.setExceptionOverride(new EvictBrokenConnections());
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

	/**
	 * Evicts a connection that failed with a {@link SQLNonTransientConnectionException},
	 * and leaves every other failure to HikariCP's own rules.
	 */
	private static final class EvictBrokenConnections implements SQLExceptionOverride {

		@java.lang.Override
		public Override adjudicate(SQLException ex) {
			return (ex instanceof SQLNonTransientConnectionException) ? Override.MUST_EVICT : Override.CONTINUE_EVICT;
		}

	}

}
