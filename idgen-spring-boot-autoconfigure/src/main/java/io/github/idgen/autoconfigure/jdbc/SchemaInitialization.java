package io.github.idgen.autoconfigure.jdbc;

/**
 * When the JDBC backend creates its tables. idgen's own type rather than Spring Boot's
 * DatabaseInitializationMode, which only applications with JDBC have: these properties
 * are bound whatever the classpath.
 */
public enum SchemaInitialization {

	/**
	 * Only for an embedded database.
	 */
	EMBEDDED,

	/**
	 * Always.
	 */
	ALWAYS,

	/**
	 * Never.
	 */
	NEVER

}
