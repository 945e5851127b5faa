package io.github.idgen.smoke;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.autoconfigure.jdbc.JdbcProperties;

/**
 * The check of a JDBC application: its DataSource is an embedded database, or the
 * database server it names, and the counter row of each sequence in the idgen table is at
 * least its highest ID.
 */
public final class JdbcCounters implements StoreCheck {

	private final String server;

	/**
	 * Create the check of an application on an embedded database.
	 */
	public JdbcCounters() {
		this(null);
	}

	/**
	 * Create the check of an application on a database server.
	 * @param server the product name the server's JDBC driver reports, such as
	 * {@code PostgreSQL}
	 */
	public JdbcCounters(String server) {
		this.server = server;
	}

	@Override
	public String check(ApplicationContext context, Map<String, Long> highestIds) {
		DataSource dataSource = context.getBean(DataSource.class);
		String database = checkDatabase(dataSource);
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		String table = context.getBean(JdbcProperties.class).getTable();
		List<String> counters = new ArrayList<>();
		highestIds.forEach((sequence, highest) -> {
			Long maxId = jdbc.queryForObject("SELECT max_id FROM " + table + " WHERE sequence_name = ?", Long.class,
					sequence);
			if (maxId == null || maxId < highest) {
				throw new IllegalStateException("max_id of '" + sequence + "' in " + table + " is " + maxId
						+ ", below ID " + highest);
			}
			counters.add(table + "[" + sequence + "].max_id=" + maxId);
		});
		return String.join(", ", counters) + " in " + database;
	}

	private String checkDatabase(DataSource dataSource) {
		if (this.server == null) {
			if (!EmbeddedDatabaseConnection.isEmbedded(dataSource)) {
				throw new IllegalStateException("The DataSource is not an embedded database");
			}
			return "an embedded database";
		}
		String product = new JdbcTemplate(dataSource)
			.execute((Connection connection) -> connection.getMetaData().getDatabaseProductName());
		if (!this.server.equals(product)) {
			throw new IllegalStateException("The DataSource is a " + product + " database, not " + this.server);
		}
		return this.server;
	}

}
