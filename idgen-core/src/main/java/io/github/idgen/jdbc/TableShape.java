package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The columns that one of idgen's tables needs, and the check of an existing table
 * against them through {@link DatabaseMetaData}: the key column must be the primary key
 * or have a unique index of its own, the counter columns must hold 64-bit integers
 * ({@code BIGINT}, or {@code NUMERIC}/{@code DECIMAL} of precision 19 or more and scale
 * 0), the other columns must exist, and no further column may be {@code NOT NULL} without
 * a default, since idgen's inserts do not fill it. A key that holds sequence names must
 * hold and tell apart every valid name ({@link NameColumn}).
 * <p>
 * The table is looked up in the schema its name is qualified with (the database, on
 * MariaDB and MySQL), else in the connection's current one, with the case the database
 * folds unquoted names to, as the statements of the stores name it.
 */
final class TableShape {

	/**
	 * The counter table of a {@link JdbcSegmentStore}.
	 */
	static final TableShape SEGMENT = new TableShape("sequence_name", true, List.of("max_id", "step"),
			List.of("updated_at"));

	/**
	 * The worker table of a {@link JdbcWorkerLeaseStore}.
	 */
	static final TableShape WORKER = new TableShape("worker_id", false, List.of("last_timestamp"),
			List.of("owner", "expires_at"));

	private static final int MIN_INT64_PRECISION = 19;

	private final String key;

	private final boolean nameKey;

	private final List<String> counters;

	private final List<String> others;

	private TableShape(String key, boolean nameKey, List<String> counters, List<String> others) {
		this.key = key;
		this.nameKey = nameKey;
		this.counters = counters;
		this.others = others;
	}

	/**
	 * Return the problems of a table, if it exists.
	 * @param connection the connection to read the metadata with
	 * @param tableName the validated name of the table, optionally qualified
	 * @param dialect the dialect of the database
	 * @return what is wrong with the table, each as a sentence fragment such as
	 * {@code column max_id is INTEGER, ...}; empty if nothing is, or if the table cannot
	 * be found
	 * @throws SQLException if the metadata could not be read
	 */
	List<String> problems(Connection connection, String tableName, JdbcDialect dialect) throws SQLException {
		DatabaseMetaData metaData = connection.getMetaData();
		int dot = tableName.indexOf('.');
		String qualifier = (dot >= 0) ? fold(metaData, tableName.substring(0, dot)) : null;
		String table = fold(metaData, tableName.substring(dot + 1));
		String catalog = (dialect == JdbcDialect.MYSQL) ? ((qualifier != null) ? qualifier : connection.getCatalog())
				: null;
		String schema = (dialect == JdbcDialect.MYSQL) ? null
				: ((qualifier != null) ? qualifier : connection.getSchema());
		Map<String, Column> columns = columns(metaData, catalog, schema, table);
		if (columns.isEmpty()) {
			return List.of();
		}
		Column any = columns.values().iterator().next();
		List<String> problems = new ArrayList<>();
		if (!columns.containsKey(this.key)) {
			problems.add("it has no column " + this.key);
		}
		else {
			keyProblem(metaData, any).ifPresent(problems::add);
			if (this.nameKey) {
				problems.addAll(NameColumn.problems(connection, dialect, columns.get(this.key)));
			}
		}
		for (String counter : this.counters) {
			Column column = columns.get(counter);
			if (column == null) {
				problems.add("it has no column " + counter);
			}
			else if (!column.isInt64()) {
				problems.add("column " + counter + " is " + column.type()
						+ ", which does not hold every 64-bit integer (use BIGINT)");
			}
		}
		for (String other : this.others) {
			if (!columns.containsKey(other)) {
				problems.add("it has no column " + other);
			}
		}
		for (Column column : columns.values()) {
			if (!isExpected(column.name()) && column.requiredWithoutDefault()) {
				problems.add("column " + column.name() + " is NOT NULL without a default, and idgen does not fill it");
			}
		}
		return problems;
	}

	private boolean isExpected(String column) {
		return column.equals(this.key) || this.counters.contains(column) || this.others.contains(column);
	}

	private Optional<String> keyProblem(DatabaseMetaData metaData, Column table) throws SQLException {
		Set<String> primaryKey = new TreeSet<>();
		try (ResultSet result = metaData.getPrimaryKeys(table.catalog(), table.schema(), table.table())) {
			while (result.next()) {
				primaryKey.add(lowerCase(result.getString("COLUMN_NAME")));
			}
		}
		if (primaryKey.equals(Set.of(this.key))) {
			return Optional.empty();
		}
		Map<String, Set<String>> uniqueIndexes = new TreeMap<>();
		try (ResultSet result = metaData.getIndexInfo(table.catalog(), table.schema(), table.table(), true, true)) {
			while (result.next()) {
				String index = result.getString("INDEX_NAME");
				String column = result.getString("COLUMN_NAME");
				if (index != null && column != null && !result.getBoolean("NON_UNIQUE")) {
					uniqueIndexes.computeIfAbsent(index, (name) -> new TreeSet<>()).add(lowerCase(column));
				}
			}
		}
		if (uniqueIndexes.containsValue(Set.of(this.key))) {
			return Optional.empty();
		}
		String found = primaryKey.isEmpty() ? "it has no primary key"
				: "its primary key is (" + String.join(", ", primaryKey) + ")";
		return Optional.of("column " + this.key + " is neither its primary key nor unique on its own (" + found
				+ "), so two instances could both create the row of a sequence");
	}

	private static Map<String, Column> columns(DatabaseMetaData metaData, String catalog, String schema, String table)
			throws SQLException {
		Map<String, Column> columns = new LinkedHashMap<>();
		String escape = metaData.getSearchStringEscape();
		try (ResultSet result = metaData.getColumns(catalog, pattern(schema, escape), pattern(table, escape), "%")) {
			while (result.next()) {
				if (table.equals(result.getString("TABLE_NAME"))
						&& (schema == null || schema.equals(result.getString("TABLE_SCHEM")))
						&& (catalog == null || catalog.equals(result.getString("TABLE_CAT")))) {
					Column column = Column.of(result);
					columns.put(column.name(), column);
				}
			}
		}
		return Collections.unmodifiableMap(columns);
	}

	private static String pattern(String name, String escape) {
		if (name == null || escape == null || escape.isEmpty()) {
			return name;
		}
		return name.chars()
			.mapToObj((c) -> ((c == '_' || c == '%') ? escape : "") + (char) c)
			.collect(Collectors.joining());
	}

	private static String fold(DatabaseMetaData metaData, String name) throws SQLException {
		if (metaData.storesUpperCaseIdentifiers()) {
			return name.toUpperCase(Locale.ROOT);
		}
		if (metaData.storesLowerCaseIdentifiers()) {
			return lowerCase(name);
		}
		return name;
	}

	private static String lowerCase(String name) {
		return name.toLowerCase(Locale.ROOT);
	}

	/**
	 * A column of the table, as {@link DatabaseMetaData#getColumns} describes it.
	 *
	 * @param catalog the catalog of the table, as stored
	 * @param schema the schema of the table, as stored
	 * @param table the name of the table, as stored
	 * @param name the name of the column, in lower case
	 * @param dataType the {@link Types} code
	 * @param typeName the database's name of the type
	 * @param size the precision of a numeric type
	 * @param scale the scale of a numeric type
	 * @param requiredWithoutDefault whether the column is {@code NOT NULL} without a
	 * default and not generated
	 */
	record Column(String catalog, String schema, String table, String name, int dataType, String typeName, int size,
			int scale, boolean requiredWithoutDefault) {

		static Column of(ResultSet result) throws SQLException {
			boolean required = "NO".equals(result.getString("IS_NULLABLE")) && result.getString("COLUMN_DEF") == null
					&& !"YES".equals(result.getString("IS_AUTOINCREMENT"))
					&& !"YES".equals(result.getString("IS_GENERATEDCOLUMN"));
			return new Column(result.getString("TABLE_CAT"), result.getString("TABLE_SCHEM"),
					result.getString("TABLE_NAME"), lowerCase(result.getString("COLUMN_NAME")),
					result.getInt("DATA_TYPE"), result.getString("TYPE_NAME"), result.getInt("COLUMN_SIZE"),
					result.getInt("DECIMAL_DIGITS"), required);
		}

		boolean isInt64() {
			return this.dataType == Types.BIGINT || ((this.dataType == Types.NUMERIC || this.dataType == Types.DECIMAL)
					&& this.size >= MIN_INT64_PRECISION && this.scale == 0);
		}

		String type() {
			return (this.dataType == Types.NUMERIC || this.dataType == Types.DECIMAL)
					? this.typeName + "(" + this.size + ", " + this.scale + ")" : this.typeName;
		}

	}

}
