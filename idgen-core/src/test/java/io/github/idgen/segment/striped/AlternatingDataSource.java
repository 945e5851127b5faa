package io.github.idgen.segment.striped;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * A pool whose connections reach two databases, as a pool does that kept connections it
 * opened under a name before the name was pointed at another database: once told to
 * {@link #alternate()}, every other connection it hands out is one of the second
 * database.
 */
final class AlternatingDataSource implements DataSource {

	private final DataSource first;

	private final DataSource second;

	private final AtomicInteger connections = new AtomicInteger();

	private volatile boolean alternating;

	AlternatingDataSource(DataSource first, DataSource second) {
		this.first = first;
		this.second = second;
	}

	/**
	 * Hand out connections of the two databases in turn from now on, until now only the
	 * first's.
	 */
	void alternate() {
		this.alternating = true;
	}

	@Override
	public Connection getConnection() throws SQLException {
		boolean toSecond = this.alternating && this.connections.getAndIncrement() % 2 == 1;
		return (toSecond ? this.second : this.first).getConnection();
	}

	@Override
	public Connection getConnection(String username, String password) throws SQLException {
		throw new SQLFeatureNotSupportedException("the test's pool has no users");
	}

	@Override
	public PrintWriter getLogWriter() {
		return null;
	}

	@Override
	public void setLogWriter(PrintWriter out) {
	}

	@Override
	public void setLoginTimeout(int seconds) {
	}

	@Override
	public int getLoginTimeout() {
		return 0;
	}

	@Override
	public Logger getParentLogger() throws SQLFeatureNotSupportedException {
		throw new SQLFeatureNotSupportedException("the test's pool has no logger");
	}

	@Override
	public <T> T unwrap(Class<T> type) throws SQLException {
		throw new SQLException("the test's pool wraps no " + type.getName());
	}

	@Override
	public boolean isWrapperFor(Class<?> type) {
		return false;
	}

}
