package io.github.idgen.faults.process;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * A {@link DataSource} that opens a new connection through {@link DriverManager} for
 * every {@link #getConnection()}, for the stores of a striped store in a child JVM: while
 * a store's proxy is cut, every attempt fails as fast as the proxy resets it, and the
 * first attempt after the store is back succeeds. A HikariCP pool would put its own
 * back-off between the two, doubling up to five seconds for as long as callers wait (see
 * {@code ProxiedJdbc}), and the scenario would time the pool instead of the striped
 * store.
 */
final class UnpooledDataSource implements DataSource {

	private final String url;

	private final Properties properties = new Properties();

	/**
	 * Create a data source.
	 * @param url the JDBC URL, with the driver's connect and socket timeouts
	 * @param user the user, or {@code null} if the URL names it
	 * @param password the password, or {@code null}
	 */
	UnpooledDataSource(String url, String user, String password) {
		this.url = url;
		if (user != null) {
			this.properties.setProperty("user", user);
		}
		if (password != null) {
			this.properties.setProperty("password", password);
		}
	}

	@Override
	public Connection getConnection() throws SQLException {
		return DriverManager.getConnection(this.url, this.properties);
	}

	@Override
	public Connection getConnection(String username, String password) throws SQLException {
		return DriverManager.getConnection(this.url, username, password);
	}

	@Override
	public PrintWriter getLogWriter() {
		return null;
	}

	@Override
	public void setLogWriter(PrintWriter out) {
		throw new UnsupportedOperationException("No log writer");
	}

	@Override
	public void setLoginTimeout(int seconds) {
		throw new UnsupportedOperationException("The login timeout is set in the URL");
	}

	@Override
	public int getLoginTimeout() {
		return 0;
	}

	@Override
	public Logger getParentLogger() throws SQLFeatureNotSupportedException {
		throw new SQLFeatureNotSupportedException();
	}

	@Override
	public <T> T unwrap(Class<T> type) throws SQLException {
		if (type.isInstance(this)) {
			return type.cast(this);
		}
		throw new SQLException("Not a wrapper of " + type.getName());
	}

	@Override
	public boolean isWrapperFor(Class<?> type) {
		return type.isInstance(this);
	}

	@Override
	public String toString() {
		return "UnpooledDataSource[" + this.url + "]";
	}

}
