package io.github.idgen.autoconfigure.jdbc;

import java.util.List;
import java.util.OptionalInt;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;

import io.github.idgen.IdGenerationException;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.jdbc.SqlIdentifiers;
import io.github.idgen.segment.striped.StripedSegmentStore;

/**
 * The startup work on idgen's tables: the name of the segment table checked, its
 * initializer, and its shape checked once every database initializer has run.
 */
final class JdbcTables {

	/**
	 * The bean name of the initializer of the segment table.
	 */
	static final String SEGMENT_TABLE_INITIALIZER = "idgenJdbcSegmentTableInitializer";

	private JdbcTables() {
	}

	/**
	 * Return {@code idgen.jdbc.table} if it is a valid table name.
	 * @throws IdGeneratorConfigurationException naming the property if it is not
	 */
	static String segmentTable(JdbcProperties jdbc) {
		try {
			return SqlIdentifiers.validateTableName(jdbc.getTable());
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException("idgen.jdbc.table", jdbc.getTable(),
					"idgen.jdbc.table is '" + jdbc.getTable() + "', which is not a valid table name: "
							+ ex.getMessage(),
					"Set idgen.jdbc.table to a table name of letters, digits and '_', optionally qualified by a "
							+ "schema, such as idgen_segment or ids.idgen_segment.");
		}
	}

	/**
	 * Return the initializer that creates the segment table of the configured data source
	 * if {@code idgen.jdbc.initialize-schema} says so.
	 */
	static JdbcSegmentTableInitializer segmentTableInitializer(ListableBeanFactory beanFactory, JdbcProperties jdbc) {
		return new JdbcSegmentTableInitializer(DataSourceSelector.select(beanFactory, jdbc.getDataSource()),
				segmentTable(jdbc), jdbc.getInitializeSchema());
	}

	/**
	 * Check that the idgen table, if it exists, has the shape the store needs (see
	 * {@link JdbcSegmentSchema#findShapeProblems()}). A database that cannot be asked is
	 * not checked: the store reports it when it is used, and {@code idgen.fail-fast} at
	 * startup.
	 * @throws IdGeneratorConfigurationException naming {@code idgen.jdbc.table}, every
	 * problem and the script of the table if it has another shape
	 */
	static void checkSegmentTableShape(DataSource dataSource, String table) {
		JdbcSegmentSchema schema = new JdbcSegmentSchema(dataSource, table);
		TableShapeMismatch.find(schema::findShapeProblems, schema::script).ifPresent((mismatch) -> {
			throw new IdGeneratorConfigurationException("idgen.jdbc.table", table,
					"idgen.jdbc.table is '" + table + "', and that table exists with another shape than idgen needs: "
							+ mismatch.problems() + ".",
					"Change table '" + table + "' to the shape of idgen's script for this database, or set "
							+ "idgen.jdbc.table to a table that has it or does not exist yet "
							+ "(idgen.jdbc.initialize-schema creates it):\n" + mismatch.script());
		});
	}

	/**
	 * Refuse a table that records a stripe layout: one store of a JDBC backend striped
	 * over {@code idgen.jdbc.data-sources}, which an instance serving it alone would hand
	 * out every stripe's IDs from, next to the striped instances. A database that cannot
	 * be asked is not checked.
	 * @throws IdGeneratorConfigurationException naming {@code idgen.jdbc.data-sources} if
	 * the table records a layout
	 */
	static void checkNotStriped(JdbcSegmentStore store, String table) {
		OptionalInt generation;
		try {
			generation = StripedSegmentStore.recordedGeneration(store);
		}
		catch (IdGenerationException ex) {
			return;
		}
		generation.ifPresent((recorded) -> {
			throw new IdGeneratorConfigurationException(StripedDataSourcesCondition.PROPERTY, List.of(),
					"Table '" + table + "' records generation " + recorded + " of a stripe layout: it is one store of "
							+ "a JDBC backend striped over several databases, but "
							+ StripedDataSourcesCondition.PROPERTY
							+ " is not set. Served alone, it would hand out the IDs of every stripe, which the other "
							+ "stores hand out too.",
					"Set " + StripedDataSourcesCondition.PROPERTY + ", idgen.jdbc.retired-data-sources and "
							+ "idgen.jdbc.stripe-generation to the values of the striped instances, or set "
							+ "idgen.jdbc.table to a table of its own.");
		});
	}

	/**
	 * Return whether idgen creates its tables on the given data source.
	 */
	static boolean shouldCreateSchema(SchemaInitialization mode, DataSource dataSource) {
		return switch (mode) {
			case ALWAYS -> true;
			case EMBEDDED -> EmbeddedDatabaseConnection.isEmbedded(dataSource);
			case NEVER -> false;
		};
	}

}
