package io.github.idgen.jdbc;

import java.util.regex.Pattern;

/**
 * Validates the SQL identifiers that are spliced into statements, such as the table name
 * of a {@link JdbcSegmentStore}.
 * <p>
 * A valid table name is a letter or an underscore followed by letters, digits and
 * underscores (ASCII only), optionally qualified by a schema name of the same form
 * ({@code schema.table}), with at most {@value #MAX_LENGTH} characters in all. Such a
 * name needs no quoting, so it cannot change the meaning of a statement. It is not quoted
 * either: the database folds its case as it does for any unquoted identifier.
 */
public final class SqlIdentifiers {

	/**
	 * The maximum length of a table name, schema qualifier included.
	 */
	public static final int MAX_LENGTH = 128;

	private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	private SqlIdentifiers() {
	}

	/**
	 * Check that the given name is a valid table name.
	 * @param name the name to check
	 * @return the name, unchanged
	 * @throws IllegalArgumentException if the name is not valid, quoting it and saying
	 * what is allowed
	 */
	public static String validateTableName(String name) {
		if (name == null || name.length() > MAX_LENGTH || !TABLE_NAME.matcher(name).matches()) {
			throw new IllegalArgumentException("Invalid table name '" + name + "': use a letter or an "
					+ "underscore followed by letters, digits and underscores, optionally qualified by a "
					+ "schema name of the same form ('schema.table'), at most " + MAX_LENGTH + " characters");
		}
		return name;
	}

}
