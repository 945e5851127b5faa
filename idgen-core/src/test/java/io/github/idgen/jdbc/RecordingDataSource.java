package io.github.idgen.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

/**
 * A {@link DataSource} that records what is done with its connections: the statements
 * prepared, the commits, the transaction isolation each statement is prepared at, and the
 * auto-commit mode and isolation each connection is closed in. It can hand out
 * connections with auto-commit switched off, or at another isolation, as a pool
 * configured so does.
 */
final class RecordingDataSource {

	private final DataSource target;

	private final boolean autoCommitOff;

	private final int isolation;

	private final List<String> statements = new CopyOnWriteArrayList<>();

	private final AtomicInteger commits = new AtomicInteger();

	private final List<Boolean> autoCommitOnClose = new CopyOnWriteArrayList<>();

	private final List<Integer> isolationOfStatements = new CopyOnWriteArrayList<>();

	private final List<Integer> isolationOnClose = new CopyOnWriteArrayList<>();

	RecordingDataSource(DataSource target, boolean autoCommitOff) {
		this(target, autoCommitOff, Connection.TRANSACTION_NONE);
	}

	/**
	 * Create a recording data source.
	 * @param target the data source to take connections from
	 * @param autoCommitOff whether to switch auto-commit off on every connection
	 * @param isolation the isolation to set on every connection, or
	 * {@link Connection#TRANSACTION_NONE} to leave it
	 */
	RecordingDataSource(DataSource target, boolean autoCommitOff, int isolation) {
		this.target = target;
		this.autoCommitOff = autoCommitOff;
		this.isolation = isolation;
	}

	DataSource dataSource() {
		return proxy(DataSource.class, (proxy, method, args) -> {
			Object result = invoke(this.target, method, args);
			return (result instanceof Connection connection) ? recording(connection) : result;
		});
	}

	List<String> statements() {
		return this.statements;
	}

	int commits() {
		return this.commits.get();
	}

	List<Boolean> autoCommitOnClose() {
		return this.autoCommitOnClose;
	}

	List<Integer> isolationOfStatements() {
		return this.isolationOfStatements;
	}

	List<Integer> isolationOnClose() {
		return this.isolationOnClose;
	}

	void clear() {
		this.statements.clear();
		this.commits.set(0);
		this.autoCommitOnClose.clear();
		this.isolationOfStatements.clear();
		this.isolationOnClose.clear();
	}

	private Connection recording(Connection connection) throws Exception {
		if (this.autoCommitOff) {
			connection.setAutoCommit(false);
		}
		if (this.isolation != Connection.TRANSACTION_NONE) {
			connection.setTransactionIsolation(this.isolation);
		}
		return proxy(Connection.class, (proxy, method, args) -> {
			switch (method.getName()) {
				case "prepareStatement", "createStatement" -> {
					this.statements.add((args != null && args.length > 0) ? (String) args[0] : "<statement>");
					this.isolationOfStatements.add(connection.getTransactionIsolation());
				}
				case "commit" -> this.commits.incrementAndGet();
				case "close" -> {
					this.autoCommitOnClose.add(connection.getAutoCommit());
					this.isolationOnClose.add(connection.getTransactionIsolation());
				}
				default -> {
				}
			}
			return invoke(connection, method, args);
		});
	}

	private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	@SuppressWarnings("unchecked")
	private static <T> T proxy(Class<T> type, InvocationHandler handler) {
		return (T) Proxy.newProxyInstance(RecordingDataSource.class.getClassLoader(), new Class<?>[] { type }, handler);
	}

}
