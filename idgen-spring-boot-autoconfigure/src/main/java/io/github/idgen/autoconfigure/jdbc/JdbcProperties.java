package io.github.idgen.autoconfigure.jdbc;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the JDBC backend.
 */
@ConfigurationProperties(prefix = "idgen.jdbc", ignoreUnknownFields = false)
public class JdbcProperties {

	/**
	 * Name of the table that holds one counter row per sequence, optionally qualified by
	 * a schema name.
	 */
	private String table = "idgen_segment";

	/**
	 * Bean name of the DataSource to use when the context has several and none is
	 * primary.
	 */
	private String dataSource;

	/**
	 * When to create the table if it does not exist: 'embedded' only for an embedded
	 * database, 'always', or 'never'.
	 */
	private SchemaInitialization initializeSchema = SchemaInitialization.EMBEDDED;

	public String getTable() {
		return this.table;
	}

	public void setTable(String table) {
		this.table = table;
	}

	public String getDataSource() {
		return this.dataSource;
	}

	public void setDataSource(String dataSource) {
		this.dataSource = dataSource;
	}

	public SchemaInitialization getInitializeSchema() {
		return this.initializeSchema;
	}

	public void setInitializeSchema(SchemaInitialization initializeSchema) {
		this.initializeSchema = initializeSchema;
	}

}
