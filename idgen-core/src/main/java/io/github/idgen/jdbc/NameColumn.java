package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.github.idgen.SequenceNames;

/**
 * The check that a column keyed by sequence names holds every valid name and tells every
 * two distinct names apart, so that no two sequences share a counter row and no name is
 * stored cut:
 * <ul>
 * <li>it is a character type of at least {@value SequenceNames#MAX_LENGTH} characters
 * (twice that where the database counts UTF-16 units: H2, HSQLDB, Derby and any other
 * database but PostgreSQL, MariaDB and MySQL);</li>
 * <li>on MariaDB and MySQL its collation is a binary one of {@code utf8mb4}: the
 * server's default {@code _ci} collations take {@code order} and {@code ORDER} for the
 * same name, the {@code _cs} and {@code _as} ones still take two encodings of one
 * accented letter for the same, and other character sets cannot hold every name;</li>
 * <li>on PostgreSQL it is no {@code citext} and its collation is deterministic.</li>
 * </ul>
 */
final class NameColumn {

	private static final Set<Integer> CHARACTER_TYPES = Set.of(Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR,
			Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR, Types.CLOB, Types.NCLOB);

	private static final String MYSQL_FIX = "use CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";

	private NameColumn() {
	}

	/**
	 * Return the problems of a column keyed by sequence names.
	 * @param connection the connection to read the column's collation with
	 * @param dialect the dialect of the database
	 * @param column the column, as the database metadata describes it
	 * @return what is wrong with it, each as a sentence fragment; empty if nothing is
	 * @throws SQLException if the collation could not be read
	 */
	static List<String> problems(Connection connection, JdbcDialect dialect, TableShape.Column column)
			throws SQLException {
		List<String> problems = new ArrayList<>();
		if (!CHARACTER_TYPES.contains(column.dataType()) && !isCitext(column)) {
			problems.add("column " + column.name() + " is " + column.typeName()
					+ ", which does not hold sequence names (use VARCHAR(" + requiredLength(dialect) + "))");
			return problems;
		}
		int required = requiredLength(dialect);
		if (column.size() < required) {
			problems.add("column " + column.name() + " holds at most " + column.size() + " characters, fewer than "
					+ "the longest sequence name needs, so such a name could be stored cut or not at all (use VARCHAR("
					+ required + "))");
		}
		if (dialect == JdbcDialect.MYSQL) {
			mysqlCollationProblem(connection, column, problems);
		}
		else if (dialect == JdbcDialect.POSTGRESQL) {
			postgresqlComparisonProblem(connection, column, problems);
		}
		return problems;
	}

	private static int requiredLength(JdbcDialect dialect) {
		return (dialect == JdbcDialect.MYSQL || dialect == JdbcDialect.POSTGRESQL) ? SequenceNames.MAX_LENGTH
				: 2 * SequenceNames.MAX_LENGTH;
	}

	private static void mysqlCollationProblem(Connection connection, TableShape.Column column, List<String> problems)
			throws SQLException {
		String collation;
		try (PreparedStatement statement = connection.prepareStatement("SELECT COLLATION_NAME FROM "
				+ "information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND COLUMN_NAME = ?")) {
			statement.setString(1, column.catalog());
			statement.setString(2, column.table());
			statement.setString(3, column.name());
			try (ResultSet result = statement.executeQuery()) {
				collation = result.next() ? result.getString(1) : null;
			}
		}
		if (collation == null) {
			return;
		}
		String lowerCase = collation.toLowerCase(Locale.ROOT);
		if (!lowerCase.startsWith("utf8mb4_")) {
			problems.add("column " + column.name() + " has collation " + collation
					+ ", whose character set does not hold every sequence name (" + MYSQL_FIX + ")");
		}
		else if (!lowerCase.endsWith("_bin")) {
			problems.add("column " + column.name() + " compares names by collation " + collation
					+ ", under which distinct names, such as 'order' and 'ORDER' or an accented letter written in "
					+ "two ways, can be equal and share a counter (" + MYSQL_FIX + ")");
		}
	}

	private static void postgresqlComparisonProblem(Connection connection, TableShape.Column column,
			List<String> problems) throws SQLException {
		if (isCitext(column)) {
			problems.add("column " + column.name() + " is citext, under which names such as 'order' and 'ORDER' are "
					+ "equal and share a counter (use VARCHAR(" + SequenceNames.MAX_LENGTH + "))");
			return;
		}
		try (PreparedStatement statement = connection.prepareStatement("SELECT co.collname FROM pg_attribute a "
				+ "JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
				+ "JOIN pg_collation co ON co.oid = a.attcollation "
				+ "WHERE n.nspname = ? AND c.relname = ? AND a.attname = ? AND NOT co.collisdeterministic")) {
			statement.setString(1, column.schema());
			statement.setString(2, column.table());
			statement.setString(3, column.name());
			try (ResultSet result = statement.executeQuery()) {
				if (result.next()) {
					problems.add("column " + column.name() + " has the nondeterministic collation " + result.getString(1)
							+ ", under which distinct names can be equal and share a counter (use COLLATE \"C\")");
				}
			}
		}
	}

	private static boolean isCitext(TableShape.Column column) {
		return "citext".equalsIgnoreCase(column.typeName());
	}

}
