package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.OptionalLong;

/**
 * The atomic step of a {@link JdbcSegmentStore}: add a step to the counter of one
 * sequence and read the new value, as one indivisible operation, with the dialect's
 * means.
 */
interface CounterIncrement {

	/**
	 * Add {@code step} to the counter of the sequence unless the result would pass
	 * {@code Long.MAX_VALUE - 1}, and return the new value. The connection is in
	 * auto-commit mode; if the increment is visible after this method returns, it is
	 * committed.
	 * @param connection the connection to use
	 * @param sequence the sequence name
	 * @param step the number of IDs to reserve
	 * @return the new counter value, or empty if no counter was changed because it does
	 * not exist or would pass the limit
	 * @throws SQLException if the database failed
	 */
	OptionalLong apply(Connection connection, String sequence, long step) throws SQLException;

}
