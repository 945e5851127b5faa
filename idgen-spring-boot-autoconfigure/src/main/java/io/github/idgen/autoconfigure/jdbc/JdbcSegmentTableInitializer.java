package io.github.idgen.autoconfigure.jdbc;

import javax.sql.DataSource;

import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.sql.init.DatabaseInitializationSettings;

import io.github.idgen.jdbc.JdbcSegmentSchema;

/**
 * Creates idgen's segment table, if {@code idgen.jdbc.initialize-schema} says so, as one
 * of Spring Boot's database initializers: it runs after Flyway and Liquibase, and every
 * bean annotated with
 * {@link org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization}
 * (idgen's stores among them) is created after it. The table is created from the script
 * of the database's dialect with the configured table name, unless it can be queried
 * already; several instances may create it at once.
 */
class JdbcSegmentTableInitializer extends DataSourceScriptDatabaseInitializer {

	private final String table;

	private final SchemaInitialization mode;

	JdbcSegmentTableInitializer(DataSource dataSource, String table, SchemaInitialization mode) {
		super(dataSource, new DatabaseInitializationSettings());
		this.table = table;
		this.mode = mode;
	}

	/**
	 * Create the table if the mode applies to the database and the table cannot be
	 * queried yet. The mode is {@code idgen.jdbc.initialize-schema}, decided as for the
	 * worker table; the settings of the superclass hold no scripts and are not read.
	 * @return whether the mode applied
	 */
	@Override
	public boolean initializeDatabase() {
		boolean enabled = JdbcTables.shouldCreateSchema(this.mode, getDataSource());
		if (enabled) {
			new JdbcSegmentSchema(getDataSource(), this.table).createIfMissing();
		}
		return enabled;
	}

}
