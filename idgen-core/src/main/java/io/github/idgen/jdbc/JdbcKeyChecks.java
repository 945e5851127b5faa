package io.github.idgen.jdbc;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HexFormat;
import java.util.OptionalLong;

import javax.sql.DataSource;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.segment.KeyCheckStore;

/**
 * Keeps the key check values of obfuscated sequences in the segment table of a
 * {@link JdbcSegmentStore}, one row per counter and format scope, named
 * {@code @kcv:<counter>#<scope>} (or {@code @kcv#<SHA-256 of counter#scope>} for a name
 * too long for the column): {@code max_id} holds the value and {@code step} is 0. No
 * sequence name starts with {@code @kcv}, so the rows never meet a counter's. A row is
 * inserted once and never changed.
 */
public final class JdbcKeyChecks implements KeyCheckStore {

	private static final String PREFIX = "@kcv:";

	private static final int NAME_COLUMN_LENGTH = 128;

	private final DataSource dataSource;

	private final String table;

	/**
	 * Create the key checks of a segment table.
	 * @param dataSource the database
	 * @param table the segment table, a valid SQL identifier as the store's
	 */
	public JdbcKeyChecks(DataSource dataSource, String table) {
		this.dataSource = dataSource;
		this.table = SqlIdentifiers.validateTableName(table);
	}

	@Override
	public long recordIfAbsent(String counter, String scope, long check) {
		String row = rowName(counter, scope);
		try (Connection connection = this.dataSource.getConnection()) {
			OptionalLong recorded = read(connection, row);
			if (recorded.isPresent()) {
				return recorded.getAsLong();
			}
			try (PreparedStatement insert = connection.prepareStatement(
					"INSERT INTO " + this.table + " (sequence_name, max_id, step, updated_at) VALUES (?, ?, 0, ?)")) {
				insert.setString(1, row);
				insert.setLong(2, check);
				insert.setTimestamp(3, Timestamp.from(Instant.now()));
				insert.executeUpdate();
				commitIfNeeded(connection);
				return check;
			}
			catch (SQLException ex) {
				if (!DuplicateKeys.isDuplicateKey(ex)) {
					throw ex;
				}
				rollbackIfNeeded(connection);
				return read(connection, row).orElseThrow(() -> ex);
			}
		}
		catch (SQLException ex) {
			throw new BackendUnavailableException("Could not read or record the key check value of counter '" + counter
					+ "' in table " + this.table + ": " + ex.getClass().getName(), ex);
		}
	}

	@Override
	public String describe(String counter, String scope) {
		return "the row '" + rowName(counter, scope) + "' of table " + this.table;
	}

	private OptionalLong read(Connection connection, String row) throws SQLException {
		try (PreparedStatement select = connection
			.prepareStatement("SELECT max_id FROM " + this.table + " WHERE sequence_name = ?")) {
			select.setString(1, row);
			try (ResultSet result = select.executeQuery()) {
				return result.next() ? OptionalLong.of(result.getLong(1)) : OptionalLong.empty();
			}
		}
	}

	private static void commitIfNeeded(Connection connection) throws SQLException {
		if (!connection.getAutoCommit()) {
			connection.commit();
		}
	}

	private static void rollbackIfNeeded(Connection connection) throws SQLException {
		if (!connection.getAutoCommit()) {
			connection.rollback();
		}
	}

	static String rowName(String counter, String scope) {
		String record = counter + "#" + scope;
		String name = PREFIX + record;
		if (name.codePointCount(0, name.length()) <= NAME_COLUMN_LENGTH) {
			return name;
		}
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(record.getBytes(StandardCharsets.UTF_8));
			return "@kcv#" + HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is not available", ex);
		}
	}

}
