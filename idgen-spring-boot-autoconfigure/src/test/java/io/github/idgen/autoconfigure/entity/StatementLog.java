package io.github.idgen.autoconfigure.entity;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

/**
 * A DataSource that records what its statements do: the SQL of every statement prepared
 * or executed, every batch executed, and every query. Thread-safe: the counters are
 * atomic, the SQL list a copy-on-write list.
 */
final class StatementLog {

	private final List<String> sql = new CopyOnWriteArrayList<>();

	private final AtomicInteger batches = new AtomicInteger();

	private final AtomicInteger queries = new AtomicInteger();

	/**
	 * Return a DataSource that records into this log and delegates to the given one.
	 * @param target the real DataSource
	 * @return the recording DataSource
	 */
	DataSource wrap(DataSource target) {
		return proxy(DataSource.class, target, (method, result) -> (result instanceof Connection connection)
				? proxy(Connection.class, connection, this::statement) : result);
	}

	private Object statement(Method method, Object result) {
		if (result instanceof PreparedStatement statement) {
			return proxy(PreparedStatement.class, statement, (executed, outcome) -> outcome);
		}
		if (result instanceof Statement statement) {
			return proxy(Statement.class, statement, (executed, outcome) -> outcome);
		}
		return result;
	}

	private <T> T proxy(Class<T> type, T target, Wrapper wrapper) {
		InvocationHandler handler = (proxy, method, args) -> {
			record(method, args);
			try {
				return wrapper.wrap(method, method.invoke(target, args));
			}
			catch (InvocationTargetException ex) {
				throw ex.getTargetException();
			}
		};
		return type.cast(Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { type }, handler));
	}

	private void record(Method method, Object[] args) {
		String name = method.getName();
		if ((name.equals("prepareStatement") || name.startsWith("execute")) && args != null && args.length > 0
				&& args[0] instanceof String text) {
			this.sql.add(text.toLowerCase(Locale.ROOT));
		}
		if (name.equals("executeBatch") || name.equals("executeLargeBatch")) {
			this.batches.incrementAndGet();
		}
		if (name.equals("executeQuery")) {
			this.queries.incrementAndGet();
		}
	}

	List<String> sql() {
		return List.copyOf(this.sql);
	}

	int batches() {
		return this.batches.get();
	}

	int queries() {
		return this.queries.get();
	}

	void clear() {
		this.sql.clear();
		this.batches.set(0);
		this.queries.set(0);
	}

	@FunctionalInterface
	private interface Wrapper {

		Object wrap(Method method, Object result);

	}

}
