package io.github.idgen.jdbc;

import java.util.List;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;

/**
 * Creates the counter table of a {@link JdbcSegmentStore} if it does not exist yet.
 * <p>
 * The scripts are the resources {@code schema-postgresql.sql}, {@code schema-mysql.sql}
 * (MariaDB and MySQL), {@code schema-h2.sql} and {@code schema-generic.sql} next to this
 * class, with {@code ${table}} standing for the table name; they can also be copied into
 * a migration tool. The length of {@code sequence_name} holds 128 Unicode code points: H2
 * counts UTF-16 units, so its script allows 256, and the generic script allows 512 for
 * databases that count bytes. On MariaDB and MySQL {@code updated_at} is a
 * {@code DATETIME}: their {@code TIMESTAMP} ends in January 2038, after which every
 * allocation would fail.
 * <p>
 * {@link #createIfMissing()} first checks whether the table can be queried and touches
 * nothing if it can. Otherwise it runs the dialect's script ({@code CREATE TABLE IF NOT
 * EXISTS} where the database has it). Several instances may do so at once: a creation
 * that fails because another one created the table meanwhile is ignored.
 */
public class JdbcSegmentSchema {

	private final SchemaScript script;

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
		this.script = new SchemaScript(dataSource, new SegmentTableSql(tableName).tableName(), TableShape.SEGMENT,
				JdbcDialect::schemaScript, SqlFailures.SEGMENT_TABLE, dialect);
	}

	/**
	 * Create the counter table unless it exists. Idempotent, and safe to call from
	 * several instances at once.
	 * @throws BackendMisconfiguredException if the table does not exist and the database
	 * refused to create it
	 * @throws BackendUnavailableException if the table does not exist and the database
	 * could not be reached
	 */
	public void createIfMissing() {
		this.script.createIfMissing();
	}

	/**
	 * Return whether the counter table exists: whether it can be queried.
	 * @return whether it exists
	 * @throws BackendUnavailableException if the database could not be reached
	 */
	public boolean exists() {
		return this.script.exists();
	}

	/**
	 * Check the counter table, if it exists, against what the store needs:
	 * {@code sequence_name} is its primary key or unique on its own, {@code max_id} and
	 * {@code step} hold 64-bit integers, {@code updated_at} exists, and no other column
	 * is {@code NOT NULL} without a default. The table is looked up through
	 * {@link java.sql.DatabaseMetaData} in the schema its name is qualified with (the
	 * database, on MariaDB and MySQL), else in the connection's current one, with the
	 * case the database folds unquoted names to; a table that is not found there is not
	 * checked.
	 * @return what is wrong with the table, each as a sentence fragment such as
	 * {@code column max_id is INTEGER, which does not hold every 64-bit integer (use
	 * BIGINT)}; empty if nothing is, or if the table does not exist
	 * @throws BackendMisconfiguredException if the database refused to describe the table
	 * @throws BackendUnavailableException if the database could not be reached
	 */
	public List<String> findShapeProblems() {
		return this.script.findShapeProblems();
	}

	/**
	 * Return the script that creates the counter table on the database, with the table
	 * name filled in, such as for a migration or a message.
	 * @return the script
	 * @throws BackendMisconfiguredException if the database refused to tell its product
	 * @throws BackendUnavailableException if the database could not be reached
	 */
	public String script() {
		return this.script.script();
	}

}
