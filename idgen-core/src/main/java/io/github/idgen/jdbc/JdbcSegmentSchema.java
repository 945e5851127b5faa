package io.github.idgen.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import javax.sql.DataSource;

import io.github.idgen.BackendUnavailableException;

/**
 * Creates the counter table of a {@link JdbcSegmentStore} if it does not exist yet.
 * <p>
 * The scripts are the resources {@code schema-postgresql.sql}, {@code schema-mysql.sql}
 * (MariaDB and MySQL), {@code schema-h2.sql} and {@code schema-generic.sql} next to this
 * class, with {@code ${table}} standing for the table name; they can also be copied
 * into a migration tool. The length of {@code sequence_name} holds 128 Unicode code
 * points: H2 counts UTF-16 units, so its script allows 256, and the generic script
 * allows 512 for databases that count bytes. On MariaDB and MySQL {@code updated_at} is
 * a {@code DATETIME}: their {@code TIMESTAMP} ends in January 2038, after which every
 * allocation would fail.
 * <p>
 * {@link #createIfMissing()} first checks whether the table can be queried and touches
 * nothing if it can. Otherwise it runs the dialect's script ({@code CREATE TABLE IF NOT
 * EXISTS} where the database has it). Several instances may do so at once: a creation
 * that fails because another one created the table meanwhile is ignored.
 */
public class JdbcSegmentSchema {

	private static final String TABLE_PLACEHOLDER = "${table}";

	private final DataSource dataSource;

	private final SegmentTableSql table;

	private final JdbcDialect dialect;

	/**
	 * Create a schema initializer whose dialect is detected from the database.
	 * @param dataSource the data source to take a connection from
	 * @param tableName the name of the counter table, valid as {@link SqlIdentifiers}
	 * defines it
	 */
	public JdbcSegmentSchema(DataSource dataSource, String tableName) {
		this(dataSource, tableName, null);
	}

	/**
	 * Create a schema initializer with the given dialect.
	 * @param dataSource the data source to take a connection from
	 * @param tableName the name of the counter table, valid as {@link SqlIdentifiers}
	 * defines it
	 * @param dialect the dialect whose script to run, or {@code null} to detect it
	 */
	public JdbcSegmentSchema(DataSource dataSource, String tableName, JdbcDialect dialect) {
		this.dataSource = Objects.requireNonNull(dataSource, "DataSource must not be null");
		this.table = new SegmentTableSql(tableName);
		this.dialect = dialect;
	}

	/**
	 * Create the counter table unless it exists. Idempotent, and safe to call from
	 * several instances at once.
	 * @throws BackendUnavailableException if the table does not exist and could not be
	 * created
	 */
	public void createIfMissing() {
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true)) {
			if (exists(connection)) {
				return;
			}
			JdbcDialect dialect = (this.dialect != null) ? this.dialect : JdbcDialect.of(connection);
			try {
				execute(connection, statements(dialect));
			}
			catch (SQLException ex) {
				if (!exists(connection)) {
					throw ex;
				}
			}
		}
		catch (SQLException ex) {
			throw new BackendUnavailableException(
					"Could not create table '" + this.table.tableName() + "': " + ex.getMessage(), ex);
		}
	}

	private boolean exists(Connection connection) {
		try (Statement statement = connection.createStatement()) {
			statement.executeQuery("SELECT sequence_name, max_id, step, updated_at FROM " + this.table.tableName()
					+ " WHERE 1 = 0").close();
			return true;
		}
		catch (SQLException ex) {
			return false;
		}
	}

	private void execute(Connection connection, List<String> statements) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
	}

	private List<String> statements(JdbcDialect dialect) {
		String script = read(dialect.schemaScript()).replace(TABLE_PLACEHOLDER, this.table.tableName());
		return Arrays.stream(script.split(";")).map(String::strip).filter((sql) -> !sql.isEmpty()).toList();
	}

	private static String read(String resource) {
		try (InputStream input = JdbcSegmentSchema.class.getResourceAsStream(resource)) {
			if (input == null) {
				throw new IllegalStateException("Schema script '" + resource + "' not found");
			}
			return new String(input.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read schema script '" + resource + "'", ex);
		}
	}

}
