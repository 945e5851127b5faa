package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import io.github.idgen.SequenceNames;

/**
 * The check that a column keyed by sequence names holds every valid name and tells every
 * two distinct names apart, so that no two sequences share a counter row and no name is
 * stored cut:
 * <ul>
 * <li>it is a character type of at least {@value SequenceNames#MAX_LENGTH} characters
 * (twice that where the database counts UTF-16 units: H2, HSQLDB, Derby and any other
 * database but PostgreSQL, MariaDB and MySQL), or on MariaDB and MySQL a binary type of
 * at least four bytes per character, which compares the UTF-8 bytes;</li>
 * <li>on H2 it is no {@code VARCHAR_IGNORECASE};</li>
 * <li>on MariaDB and MySQL a character column has a binary collation of {@code utf8mb4}:
 * the server's default {@code _ci} collations take {@code order} and {@code ORDER} for
 * the same name, the {@code _cs} and {@code _as} ones still take two encodings of one
 * accented letter for the same, and other character sets cannot hold every name;</li>
 * <li>on PostgreSQL it is no {@code citext}, also behind a domain, and from PostgreSQL 12
 * its collation is deterministic.</li>
 * </ul>
 * The collations of other databases (such as SQL Server's case-insensitive default) are
 * not checked.
 */
final class NameColumn {

	private static final Set<Integer> CHARACTER_TYPES = Set.of(Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR,
			Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR, Types.CLOB, Types.NCLOB);

	private static final Set<Integer> BINARY_TYPES = Set.of(Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY);

	private static final int MAX_UTF8_BYTES = 4 * SequenceNames.MAX_LENGTH;

	private static final String MYSQL_FIX = "use CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";

	private static final int FIRST_POSTGRESQL_WITH_NONDETERMINISTIC_COLLATIONS = 12;

	private static final String POSTGRESQL_COLUMN = "FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
			+ "JOIN pg_namespace n ON n.oid = c.relnamespace ";

	private static final String POSTGRESQL_COLUMN_IS = "n.nspname = ? AND c.relname = ? AND a.attname = ?";

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
		KeyType type = (dialect == JdbcDialect.POSTGRESQL && column.dataType() == Types.DISTINCT)
				? postgresqlDomainBase(connection, column)
				: new KeyType(column.typeName(), column.dataType(), column.size());
		List<String> problems = new ArrayList<>();
		int required = requiredLength(dialect);
		if (type.binary() && dialect == JdbcDialect.MYSQL) {
			if (type.size() < MAX_UTF8_BYTES) {
				problems.add("column " + column.name() + " holds at most " + type.size() + " bytes, fewer than the "
						+ "longest sequence name needs in UTF-8, so such a name could be stored cut or not at all (use "
						+ "VARBINARY(" + MAX_UTF8_BYTES + "), or VARCHAR(" + required
						+ ") CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)");
			}
			return problems;
		}
		if (!type.character()) {
			problems.add("column " + column.name() + " is " + type.name()
					+ ", which does not hold sequence names (use VARCHAR(" + required + "))");
			return problems;
		}
		if (type.size() < required) {
			problems.add("column " + column.name() + " holds at most " + type.size() + " characters, fewer than "
					+ "the longest sequence name needs, so such a name could be stored cut or not at all (use VARCHAR("
					+ required + "))");
		}
		if (dialect == JdbcDialect.H2 && type.name().toUpperCase(Locale.ROOT).contains("IGNORECASE")) {
			problems.add("column " + column.name() + " is " + type.name() + ", under which names such as 'order' and "
					+ "'ORDER' are equal and share a counter (use VARCHAR(" + required + ") and no IGNORECASE=TRUE in "
					+ "the database URL)");
		}
		else if (dialect == JdbcDialect.MYSQL) {
			mysqlCollationProblem(connection, column).ifPresent(problems::add);
		}
		else if (dialect == JdbcDialect.POSTGRESQL) {
			postgresqlComparisonProblem(connection, column, type).ifPresent(problems::add);
		}
		return problems;
	}

	private static int requiredLength(JdbcDialect dialect) {
		return (dialect == JdbcDialect.MYSQL || dialect == JdbcDialect.POSTGRESQL) ? SequenceNames.MAX_LENGTH
				: 2 * SequenceNames.MAX_LENGTH;
	}

	/**
	 * Find the collation of a MariaDB or MySQL column in the schema the metadata names:
	 * its catalog, or its schema where the driver is told to use the schema term, which
	 * reports the catalog {@code def}.
	 */
	private static Optional<String> mysqlCollationProblem(Connection connection, TableShape.Column column)
			throws SQLException {
		String schema = (column.catalog() != null && !"def".equalsIgnoreCase(column.catalog())) ? column.catalog()
				: column.schema();
		String collation;
		try (PreparedStatement statement = columnQuery(connection,
				"SELECT COLLATION_NAME FROM "
						+ "information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND COLUMN_NAME = ?",
				schema, column); ResultSet result = statement.executeQuery()) {
			collation = result.next() ? result.getString(1) : null;
		}
		if (collation == null) {
			return Optional.of("the collation of column " + column.name()
					+ " could not be read from information_schema.COLUMNS, so idgen cannot tell whether it tells "
					+ "names apart (" + MYSQL_FIX + ", and let the database user read information_schema)");
		}
		String lowerCase = collation.toLowerCase(Locale.ROOT);
		if (!lowerCase.startsWith("utf8mb4_")) {
			return Optional.of("column " + column.name() + " has collation " + collation
					+ ", whose character set does not hold every sequence name (" + MYSQL_FIX + ")");
		}
		if (!lowerCase.endsWith("_bin")) {
			return Optional.of("column " + column.name() + " compares names by collation " + collation
					+ ", under which distinct names, such as 'order' and 'ORDER' or an accented letter written in "
					+ "two ways, can be equal and share a counter (" + MYSQL_FIX + ")");
		}
		return Optional.empty();
	}

	private static Optional<String> postgresqlComparisonProblem(Connection connection, TableShape.Column column,
			KeyType type) throws SQLException {
		if (type.citext()) {
			return Optional.of("column " + column.name() + " is " + column.typeName()
					+ (column.typeName().equalsIgnoreCase(type.name()) ? "" : " (a domain over " + type.name() + ")")
					+ ", under which names such as 'order' and 'ORDER' are equal and share a counter (use VARCHAR("
					+ SequenceNames.MAX_LENGTH + "))");
		}
		if (connection.getMetaData().getDatabaseMajorVersion() < FIRST_POSTGRESQL_WITH_NONDETERMINISTIC_COLLATIONS) {
			return Optional.empty();
		}
		try (PreparedStatement statement = columnQuery(connection,
				"SELECT co.collname " + POSTGRESQL_COLUMN + "JOIN pg_collation co ON co.oid = a.attcollation WHERE "
						+ POSTGRESQL_COLUMN_IS + " AND NOT co.collisdeterministic",
				column.schema(), column); ResultSet result = statement.executeQuery()) {
			if (result.next()) {
				return Optional
					.of("column " + column.name() + " has the nondeterministic collation " + result.getString(1)
							+ ", under which distinct names can be equal and share a counter (use COLLATE \"C\")");
			}
			return Optional.empty();
		}
	}

	/**
	 * Return the type a PostgreSQL domain column stores: its base type and the length the
	 * domain gives it.
	 */
	private static KeyType postgresqlDomainBase(Connection connection, TableShape.Column column) throws SQLException {
		try (PreparedStatement statement = columnQuery(connection,
				"SELECT bt.typname, t.typtypmod " + POSTGRESQL_COLUMN
						+ "JOIN pg_type t ON t.oid = a.atttypid JOIN pg_type bt ON bt.oid = t.typbasetype " + "WHERE "
						+ POSTGRESQL_COLUMN_IS,
				column.schema(), column); ResultSet result = statement.executeQuery()) {
			if (!result.next()) {
				return new KeyType(column.typeName(), column.dataType(), column.size());
			}
			String base = result.getString(1);
			int modifier = result.getInt(2);
			int length = (modifier > 4) ? modifier - 4 : Integer.MAX_VALUE;
			return switch (base) {
				case "varchar" -> new KeyType(base, Types.VARCHAR, length);
				case "bpchar" -> new KeyType(base, Types.CHAR, length);
				case "text", "citext" -> new KeyType(base, Types.VARCHAR, Integer.MAX_VALUE);
				default -> new KeyType(base, Types.DISTINCT, 0);
			};
		}
	}

	/**
	 * Prepare a query about one column whose three parameters are, in this order, the
	 * column's schema, table and name.
	 */
	private static PreparedStatement columnQuery(Connection connection, String sql, String schema,
			TableShape.Column column) throws SQLException {
		PreparedStatement statement = connection.prepareStatement(sql);
		try {
			statement.setString(1, schema);
			statement.setString(2, column.table());
			statement.setString(3, column.name());
			return statement;
		}
		catch (SQLException ex) {
			statement.close();
			throw ex;
		}
	}

	/**
	 * The type of a column as the checks see it.
	 *
	 * @param name the database's name of the type
	 * @param dataType the {@link Types} code
	 * @param size the length in characters, or in bytes for a binary type
	 */
	private record KeyType(String name, int dataType, int size) {

		boolean character() {
			return CHARACTER_TYPES.contains(this.dataType) || citext();
		}

		boolean binary() {
			return BINARY_TYPES.contains(this.dataType);
		}

		boolean citext() {
			return "citext".equalsIgnoreCase(this.name);
		}

	}

}
