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
import java.util.function.Function;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.FailureDescriptions;

/**
 * Creates one table from a dialect's script unless the table can be queried already, and
 * checks the shape of an existing one, for {@link JdbcSegmentSchema} and
 * {@link JdbcWorkerSchema}.
 * <p>
 * A script is a resource next to this class, with {@code ${table}} standing for the table
 * name and statements separated by semicolons. Several instances may create the table at
 * once: a creation that fails because another one created the table meanwhile is ignored.
 */
final class SchemaScript {

	private static final String TABLE_PLACEHOLDER = "${table}";

	private final DataSource dataSource;

	private final String tableName;

	private final TableShape shape;

	private final Function<JdbcDialect, String> scriptName;

	private final SqlFailures failures;

	private final JdbcDialect dialect;

	/**
	 * Create a table creation.
	 * @param dataSource the data source to take a connection from
	 * @param tableName the validated name of the table
	 * @param shape the columns the table needs
	 * @param scriptName the name of the script of a dialect
	 * @param failures the translation of the failures on the table
	 * @param dialect the dialect whose script to run, or {@code null} to detect it
	 */
	SchemaScript(DataSource dataSource, String tableName, TableShape shape, Function<JdbcDialect, String> scriptName,
			SqlFailures failures, JdbcDialect dialect) {
		this.dataSource = Objects.requireNonNull(dataSource, "DataSource must not be null");
		this.tableName = tableName;
		this.shape = shape;
		this.scriptName = scriptName;
		this.failures = failures;
		this.dialect = dialect;
	}

	/**
	 * Create the table unless it exists.
	 * @throws BackendMisconfiguredException if the table does not exist and the database
	 * refused to create it
	 * @throws BackendUnavailableException if the table does not exist and the database
	 * could not be reached
	 */
	void createIfMissing() {
		try (Connection connection = this.dataSource.getConnection();
				AutoCommit autoCommit = AutoCommit.set(connection, true)) {
			if (exists(connection)) {
				return;
			}
			try {
				execute(connection, statements(dialect(connection)));
			}
			catch (SQLException ex) {
				if (!exists(connection)) {
					throw ex;
				}
			}
		}
		catch (SQLException ex) {
			throw this.failures.translate("Could not create table '" + this.tableName + "'", ex);
		}
	}

	/**
	 * Return whether the table exists: whether it can be queried.
	 * @throws BackendUnavailableException if the database could not be reached
	 */
	boolean exists() {
		try (Connection connection = this.dataSource.getConnection()) {
			return exists(connection);
		}
		catch (SQLException ex) {
			throw new BackendUnavailableException(
					"Could not look for table '" + this.tableName + "': " + FailureDescriptions.describe(ex), ex);
		}
	}

	/**
	 * Return the problems of the table, if it exists.
	 * @return what is wrong with it; empty if nothing is, or if it does not exist
	 * @throws BackendMisconfiguredException if the database refused to describe it
	 * @throws BackendUnavailableException if the database could not be reached
	 * @see TableShape#problems
	 */
	List<String> findShapeProblems() {
		try (Connection connection = this.dataSource.getConnection()) {
			return this.shape.problems(connection, this.tableName, dialect(connection));
		}
		catch (SQLException ex) {
			throw this.failures.translate("Could not check the shape of table '" + this.tableName + "'", ex);
		}
	}

	/**
	 * Return the script that creates the table on the database, with its name filled in.
	 * @return the script
	 * @throws BackendMisconfiguredException if the database refused to tell its product
	 * @throws BackendUnavailableException if the database could not be reached
	 */
	String script() {
		try (Connection connection = this.dataSource.getConnection()) {
			return script(dialect(connection));
		}
		catch (SQLException ex) {
			throw this.failures
				.translate("Could not read the product of the database of table '" + this.tableName + "'", ex);
		}
	}

	private JdbcDialect dialect(Connection connection) throws SQLException {
		return (this.dialect != null) ? this.dialect : JdbcDialect.of(connection);
	}

	private boolean exists(Connection connection) {
		try (Statement statement = connection.createStatement()) {
			statement.executeQuery("SELECT * FROM " + this.tableName + " WHERE 1 = 0").close();
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
		return Arrays.stream(script(dialect).split(";")).map(String::strip).filter((sql) -> !sql.isEmpty()).toList();
	}

	private String script(JdbcDialect dialect) {
		return read(this.scriptName.apply(dialect)).replace(TABLE_PLACEHOLDER, this.tableName).strip();
	}

	private static String read(String resource) {
		try (InputStream input = SchemaScript.class.getResourceAsStream(resource)) {
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
