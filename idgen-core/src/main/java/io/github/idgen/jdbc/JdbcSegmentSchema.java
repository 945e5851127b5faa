package io.github.idgen.jdbc;

import javax.sql.DataSource;

import io.github.idgen.BackendMisconfiguredException;
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
		this.script = new SchemaScript(dataSource, new SegmentTableSql(tableName).tableName(),
				"sequence_name, max_id, step, updated_at", JdbcDialect::schemaScript,
				SqlFailures.SEGMENT_TABLE, dialect);
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

}
