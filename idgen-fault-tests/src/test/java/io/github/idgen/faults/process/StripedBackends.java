package io.github.idgen.faults.process;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.h2.tools.Server;

import io.github.idgen.faults.network.TcpProxy;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.striped.StripeLayout;
import io.github.idgen.test.TestBackends;

/**
 * PostgreSQL, MariaDB and an H2 file database as the stores of a striped store that child
 * JVMs share, each behind a {@link TcpProxy} of its own that the scenario cuts, each with
 * a counter table of a fresh name (so that no layout recorded by an earlier run leaks
 * in).
 * <p>
 * PostgreSQL and MariaDB are the servers {@link TestBackends} resolves (which skips or
 * fails the scenario if there is none); the H2 database is a file in a directory of the
 * scenario, served by an H2 TCP server that this JVM hosts and holds open with a
 * connection of its own. The children reach every store through its proxy with URLs that
 * set the drivers' connect and socket timeouts, so that a cut store fails fast; this JVM
 * reads the counters and layout records directly, past the proxies. {@link #close()}
 * closes the proxies, drops the tables and stops the H2 server.
 */
final class StripedBackends implements AutoCloseable {

	private static final Pattern URL = Pattern.compile("^(jdbc:[a-z0-9]+://)([^/:?;]+)(?::(\\d+))?(.*)$");

	private static final String POSTGRES_TIMEOUTS = "connectTimeout=1&loginTimeout=2&socketTimeout=5";

	private final Map<String, Store> stores = new LinkedHashMap<>();

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private StripedBackends() {
	}

	/**
	 * Open the three stores, {@code postgresql}, {@code mariadb} and {@code h2}.
	 * @param h2Directory where the H2 file database goes
	 * @return the stores, to be closed
	 * @throws SQLException if the H2 server does not start
	 */
	static StripedBackends open(Path h2Directory) throws SQLException {
		StripedBackends backends = new StripedBackends();
		try {
			backends.external("postgresql", (HikariDataSource) TestBackends.postgres(), 5432, POSTGRES_TIMEOUTS);
			backends.external("mariadb", (HikariDataSource) TestBackends.mariaDb(), 3306,
					"connectTimeout=1000&socketTimeout=5000");
			backends.h2(h2Directory);
			return backends;
		}
		catch (RuntimeException | SQLException ex) {
			backends.close();
			throw ex;
		}
	}

	private void external(String name, HikariDataSource dataSource, int defaultPort, String timeouts) {
		Matcher matcher = URL.matcher(dataSource.getJdbcUrl());
		if (!matcher.matches()) {
			throw new IllegalArgumentException("Cannot tell the host and port of " + dataSource.getJdbcUrl());
		}
		int port = (matcher.group(3) != null) ? Integer.parseInt(matcher.group(3)) : defaultPort;
		TcpProxy proxy = TcpProxy.start(matcher.group(2), port);
		this.closeables.add(proxy);
		String rest = matcher.group(4);
		String url = matcher.group(1) + proxy.host() + ":" + proxy.port() + rest + (rest.contains("?") ? "&" : "?")
				+ timeouts;
		String table = freshTable();
		new JdbcSegmentSchema(dataSource, table).createIfMissing();
		this.closeables.add(() -> drop(dataSource, table));
		this.stores.put(name,
				new Store(name, proxy, dataSource, url, dataSource.getUsername(), dataSource.getPassword(), table));
	}

	private void h2(Path directory) throws SQLException {
		Server server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
		this.closeables.add(server::stop);
		String path = "/" + directory.toAbsolutePath().resolve("stripes");
		UnpooledDataSource direct = new UnpooledDataSource("jdbc:h2:tcp://127.0.0.1:" + server.getPort() + path, "sa",
				"");
		// Held open until the end, so that the database is not closed and opened again
		// whenever the children's connections come and go.
		Connection held = direct.getConnection();
		this.closeables.add(held::close);
		TcpProxy proxy = TcpProxy.start("127.0.0.1", server.getPort());
		this.closeables.add(proxy);
		String table = freshTable();
		new JdbcSegmentSchema(direct, table).createIfMissing();
		this.stores.put("h2",
				new Store("h2", proxy, direct, "jdbc:h2:tcp://127.0.0.1:" + proxy.port() + path, "sa", "", table));
	}

	/**
	 * Add a store on a table of its own on the PostgreSQL server, behind a proxy of its
	 * own: a database of its own as far as a striped store can tell, since its records
	 * are its table's.
	 * @param name the store's name
	 * @return the store
	 */
	Store addPostgres(String name) {
		external(name, (HikariDataSource) TestBackends.postgres(), 5432, POSTGRES_TIMEOUTS);
		return store(name);
	}

	private static String freshTable() {
		return "idgen_stripes_" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1);
	}

	private static void drop(DataSource dataSource, String table) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + table);
		}
	}

	/**
	 * Return a store by name.
	 * @param name {@code postgresql}, {@code mariadb} or {@code h2}
	 * @return the store
	 */
	Store store(String name) {
		Store store = this.stores.get(name);
		if (store == null) {
			throw new IllegalArgumentException("No store " + name);
		}
		return store;
	}

	/**
	 * Return the options that tell a child to use a striped store over some of the
	 * stores.
	 * @param generation the generation of the layout
	 * @param names the stores of the layout, in order
	 * @return the options ({@code store}, {@code generation}, {@code stripes} and each
	 * store's)
	 */
	ChildOptions options(int generation, List<String> names) {
		ChildOptions options = ChildOptions.empty()
			.with("store", "striped")
			.with("generation", generation)
			.with("stripes", names.size());
		for (int i = 0; i < names.size(); i++) {
			Store store = store(names.get(i));
			String key = "stripe." + i + ".";
			options = options.with(key + "name", store.name())
				.with(key + "url", store.childUrl())
				.with(key + "table", store.table());
			if (store.user() != null) {
				options = options.with(key + "user", store.user());
			}
			if (store.password() != null) {
				options = options.with(key + "password", store.password());
			}
		}
		return options;
	}

	@Override
	public void close() {
		RuntimeException failure = null;
		for (int i = this.closeables.size() - 1; i >= 0; i--) {
			try {
				this.closeables.get(i).close();
			}
			catch (Exception ex) {
				if (failure == null) {
					failure = new IllegalStateException("Could not close the striped stores", ex);
				}
				else {
					failure.addSuppressed(ex);
				}
			}
		}
		if (failure != null) {
			throw failure;
		}
	}

	/**
	 * One store: its proxy, the direct access of this JVM and what a child needs to reach
	 * it through the proxy.
	 *
	 * @param name the store's name in the layout
	 * @param proxy the proxy between the children and the store
	 * @param direct the store's database, reached directly
	 * @param childUrl the JDBC URL through the proxy, with connect and socket timeouts
	 * @param user the user, or {@code null} if the URL names it
	 * @param password the password, or {@code null}
	 * @param table the counter table
	 */
	record Store(String name, TcpProxy proxy, DataSource direct, String childUrl, String user, String password,
			String table) {

		/**
		 * Read a sequence's counter directly: the last ID the store reserved.
		 * @param sequence the sequence
		 * @return the counter, 0 if the store reserved nothing for it
		 */
		long counter(String sequence) {
			return new JdbcSegmentStore(this.direct, this.table).read(sequence).orElse(0);
		}

		/**
		 * Read the state of the store's stripe layout directly: {@code 2g} while
		 * generation {@code g} is in force, {@code 2g - 1} while it is being prepared.
		 * @return the state, 0 if the store records none
		 */
		long state() {
			return new JdbcSegmentStore(this.direct, this.table).read("@stripes").orElse(0);
		}

		/**
		 * Read the layouts the store records directly.
		 * @return the layout of each generation it records, by generation
		 */
		Map<Integer, StripeLayout> layouts() {
			Map<Integer, StripeLayout> layouts = new LinkedHashMap<>();
			for (int generation = 1; generation <= (state() + 1) / 2; generation++) {
				JdbcSegmentStore store = new JdbcSegmentStore(this.direct, this.table);
				String prefix = "@stripes@" + generation + "@";
				OptionalLong count = store.read(prefix + "count");
				OptionalLong index = store.read(prefix + "index");
				if (count.isPresent() && index.isPresent()) {
					layouts.put(generation,
							new StripeLayout(generation, (int) count.getAsLong(), (int) index.getAsLong()));
				}
			}
			return layouts;
		}

		/**
		 * Read the layout the store records for a generation directly.
		 * @param generation the generation
		 * @return the layout
		 * @throws IllegalStateException if it is not recorded
		 */
		StripeLayout layout(int generation) {
			JdbcSegmentStore store = new JdbcSegmentStore(this.direct, this.table);
			String prefix = "@stripes@" + generation + "@";
			OptionalLong count = store.read(prefix + "count");
			OptionalLong index = store.read(prefix + "index");
			if (count.isEmpty() || index.isEmpty()) {
				throw new IllegalStateException(
						"Store " + this.name + " does not record generation " + generation + " of the layout");
			}
			return new StripeLayout(generation, (int) count.getAsLong(), (int) index.getAsLong());
		}

	}

}
