package io.github.idgen.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * An ID server started in the test's JVM on a free port, as its main method starts it
 * (from {@code idgen-server.yml}), plus the given properties.
 */
final class ServerInstance implements AutoCloseable {

	private final ConfigurableApplicationContext context;

	private ServerInstance(ConfigurableApplicationContext context) {
		this.context = context;
	}

	/**
	 * Start a server.
	 * @param properties properties added to the application's, as {@code key=value}
	 * @return the started server
	 */
	static ServerInstance start(Map<String, String> properties) {
		List<String> args = new ArrayList<>();
		args.add("--server.port=0");
		properties.forEach((key, value) -> args.add("--" + key + "=" + value));
		return new ServerInstance(IdGeneratorServerApplication.application().run(args.toArray(String[]::new)));
	}

	int port() {
		return ((WebServerApplicationContext) this.context).getWebServer().getPort();
	}

	ApiCalls calls() {
		return new ApiCalls(port());
	}

	ConfigurableApplicationContext context() {
		return this.context;
	}

	/**
	 * Return how many counter rows the server's table holds for a name.
	 * @param table the counter table
	 * @param name the name
	 * @return the number of rows
	 */
	int counterRows(String table, String name) {
		Integer rows = this.context.getBean(JdbcTemplate.class)
			.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE sequence_name = ?", Integer.class, name);
		return (rows != null) ? rows : 0;
	}

	@Override
	public void close() {
		this.context.close();
	}

}
