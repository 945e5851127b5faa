package io.github.idgen.jdbc;

import java.util.List;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;

/**
 * Creates the worker table of a {@link JdbcWorkerLeaseStore} if it does not exist yet.
 * <p>
 * The scripts are the resources {@code worker-schema-postgresql.sql},
 * {@code worker-schema-mysql.sql} (MariaDB and MySQL) and {@code worker-schema-h2.sql}
 * next to this class, with {@code ${table}} standing for the table name; they can also be
 * copied into a migration tool. On MariaDB and MySQL {@code expires_at} is a
 * {@code DATETIME(3)} in UTC: their {@code TIMESTAMP} ends in January 2038, and without
 * the fraction a lease would be rounded to whole seconds. Elsewhere it is a
 * {@code TIMESTAMP WITH TIME ZONE}, so that the session time zone does not matter. The
 * {@code owner} column compares exactly, case included.
 * <p>
 * {@link #createIfMissing()} first checks whether the table can be queried and touches
 * nothing if it can. Otherwise it runs the dialect's script. Several instances may do so
 * at once: a creation that fails because another one created the table meanwhile is
 * ignored.
 */
public class JdbcWorkerSchema {

	private final SchemaScript script;

	/**
	 * Create a schema initializer whose dialect is detected from the database.
	 * @param dataSource the data source to take a connection from
	 * @param tableName the name of the worker table, valid as {@link SqlIdentifiers}
	 * defines it
	 */
	public JdbcWorkerSchema(DataSource dataSource, String tableName) {
		this(dataSource, tableName, null);
	}

	/**
	 * Create a schema initializer with the given dialect.
	 * @param dataSource the data source to take a connection from
	 * @param tableName the name of the worker table, valid as {@link SqlIdentifiers}
	 * defines it
	 * @param dialect the dialect whose script to run, or {@code null} to detect it
	 */
	public JdbcWorkerSchema(DataSource dataSource, String tableName, JdbcDialect dialect) {
		String validTableName = SqlIdentifiers.validateTableName(tableName);
		this.script = new SchemaScript(dataSource, validTableName, TableShape.WORKER, (scriptDialect) -> {
			WorkerTableSql.requireSupported(scriptDialect, validTableName);
			return scriptDialect.workerSchemaScript();
		}, SqlFailures.WORKER_TABLE, dialect);
	}

	/**
	 * Create the worker table unless it exists. Idempotent, and safe to call from several
	 * instances at once.
	 * @throws BackendMisconfiguredException if the table does not exist and the database
	 * refused to create it, or does not {@linkplain JdbcDialect#supportsWorkerLeases()
	 * support worker leases}
	 * @throws BackendUnavailableException if the table does not exist and the database
	 * could not be reached
	 */
	public void createIfMissing() {
		this.script.createIfMissing();
	}

	/**
	 * Check the worker table, if it exists, against what the store needs:
	 * {@code worker_id} is its primary key or unique on its own, {@code last_timestamp}
	 * holds 64-bit integers, {@code owner} and {@code expires_at} exist, and no other
	 * column is {@code NOT NULL} without a default. The table is looked up through
	 * {@link java.sql.DatabaseMetaData} in the schema its name is qualified with (the
	 * database, on MariaDB and MySQL), else in the connection's current one, with the
	 * case the database folds unquoted names to; a table that is not found there is not
	 * checked.
	 * @return what is wrong with the table, each as a sentence fragment such as
	 * {@code column last_timestamp is INTEGER, which does not hold every 64-bit integer
	 * (use BIGINT)}; empty if nothing is, or if the table does not exist
	 * @throws BackendMisconfiguredException if the database refused to describe the table
	 * @throws BackendUnavailableException if the database could not be reached
	 */
	public List<String> findShapeProblems() {
		return this.script.findShapeProblems();
	}

	/**
	 * Return the script that creates the worker table on the database, with the table
	 * name filled in, such as for a migration or a message.
	 * @return the script
	 * @throws BackendMisconfiguredException if the database refused to tell its product,
	 * or does not {@linkplain JdbcDialect#supportsWorkerLeases() support worker leases}
	 * @throws BackendUnavailableException if the database could not be reached
	 */
	public String script() {
		return this.script.script();
	}

}
