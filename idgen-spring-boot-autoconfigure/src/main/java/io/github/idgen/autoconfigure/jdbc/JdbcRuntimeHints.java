package io.github.idgen.autoconfigure.jdbc;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * The resources of the JDBC backend in a native image: the scripts of idgen's tables,
 * which idgen-core reads by a name it builds from the database's dialect
 * ({@code schema-<dialect>.sql} for the segment table,
 * {@code worker-schema-<dialect>.sql} for the worker lease table) to create a table and
 * to quote it when a table has another shape.
 * <p>
 * Imported by {@link JdbcBackendAutoConfiguration}, which an application has whenever
 * idgen is on, rather than by the configurations that need a DataSource: which scripts
 * idgen reads also depends on properties that an application processed ahead of time may
 * change when it runs (such as {@code idgen.snowflake.worker-id-source}).
 */
class JdbcRuntimeHints implements RuntimeHintsRegistrar {

	/**
	 * Every script of idgen-core's {@code jdbc} package.
	 */
	static final String SCRIPTS = "io/github/idgen/jdbc/*.sql";

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		hints.resources().registerPattern(SCRIPTS);
	}

}
