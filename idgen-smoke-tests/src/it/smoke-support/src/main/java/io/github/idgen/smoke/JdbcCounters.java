package io.github.idgen.smoke;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.autoconfigure.jdbc.JdbcProperties;

/**
 * The check of the JDBC application: its DataSource is an embedded database, and the
 * counter row of each sequence in the idgen table is at least its highest ID.
 */
public final class JdbcCounters implements StoreCheck {

	@Override
	public String check(ApplicationContext context, Map<String, Long> highestIds) {
		DataSource dataSource = context.getBean(DataSource.class);
		if (!EmbeddedDatabaseConnection.isEmbedded(dataSource)) {
			throw new IllegalStateException("The DataSource is not an embedded database");
		}
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
		return String.join(", ", counters) + " in an embedded database";
	}

}
