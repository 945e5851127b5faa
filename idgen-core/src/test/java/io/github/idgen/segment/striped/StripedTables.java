package io.github.idgen.segment.striped;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;

import javax.sql.DataSource;

import io.github.idgen.jdbc.JdbcSegmentSchema;

/**
 * Fresh counter tables for the tests of striped stores, whose layout records must not
 * leak from one test into the next.
 */
final class StripedTables {

	private StripedTables() {
	}

	/**
	 * Create a counter table with a name no other test uses.
	 * @param dataSource the database
	 * @return the table name
	 */
	static String create(DataSource dataSource) {
		String table = "idgen_striped_" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1);
		new JdbcSegmentSchema(dataSource, table).createIfMissing();
		return table;
	}

	static void drop(DataSource dataSource, String table) {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + table);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
