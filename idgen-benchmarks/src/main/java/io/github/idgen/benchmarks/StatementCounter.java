package io.github.idgen.benchmarks;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import javax.sql.DataSource;

/**
 * A DataSource that counts, for every SQL text, how often statements of it were prepared,
 * executed on their own, executed as a batch, and how many rows those batches carried.
 * Thread-safe. It wraps the pool only in the counted round of
 * {@link EntityPersistenceBenchmark}, so that the timed rounds run without it.
 */
final class StatementCounter {

	private final Map<String, Counts> bySql = new ConcurrentHashMap<>();

	/**
	 * Return a DataSource that counts into this counter and delegates to the given one.
	 * @param target the pool
	 * @return the counting DataSource
	 */
	DataSource wrap(DataSource target) {
		return (DataSource) proxy(DataSource.class, target, (method, args, result) -> (result instanceof Connection)
				? proxy(Connection.class, result, this::statement) : result);
	}

	private Object statement(Method method, Object[] args, Object result) {
		if (result instanceof PreparedStatement prepared && args != null && args[0] instanceof String sql) {
			Counts counts = counts(sql);
			counts.prepared.increment();
			Class<?> type = (prepared instanceof CallableStatement) ? CallableStatement.class : PreparedStatement.class;
			return proxy(type, prepared, (executed, executedArgs, outcome) -> {
				count(counts, executed.getName());
				return outcome;
			});
		}
		if (result instanceof Statement statement) {
			return proxy(Statement.class, statement, (executed, executedArgs, outcome) -> {
				if (executedArgs != null && executedArgs.length > 0 && executedArgs[0] instanceof String sql) {
					count(counts(sql), executed.getName());
				}
				return outcome;
			});
		}
		return result;
	}

	private static void count(Counts counts, String method) {
		switch (method) {
			case "addBatch" -> counts.rows.increment();
			case "executeBatch", "executeLargeBatch" -> counts.batches.increment();
			case "execute", "executeQuery", "executeUpdate", "executeLargeUpdate" -> counts.executions.increment();
			default -> {
			}
		}
	}

	private Counts counts(String sql) {
		return this.bySql.computeIfAbsent(sql.strip().replaceAll("\\s+", " "), (key) -> new Counts());
	}

	private static Object proxy(Class<?> type, Object target, Wrapper wrapper) {
		InvocationHandler handler = (proxy, method, args) -> {
			try {
				return wrapper.wrap(method, args, method.invoke(target, args));
			}
			catch (InvocationTargetException ex) {
				throw ex.getTargetException();
			}
		};
		return type
			.cast(Proxy.newProxyInstance(StatementCounter.class.getClassLoader(), new Class<?>[] { type }, handler));
	}

	/**
	 * Forget every count, as before the round to count.
	 */
	void clear() {
		this.bySql.clear();
	}

	/**
	 * Return the counts of every SQL text seen since the last {@link #clear()}, by text.
	 * @return the counts, sorted by SQL text
	 */
	Map<String, Counts> counts() {
		return new TreeMap<>(this.bySql);
	}

	/**
	 * What the statements of one SQL text did.
	 */
	static final class Counts {

		private final LongAdder prepared = new LongAdder();

		private final LongAdder executions = new LongAdder();

		private final LongAdder batches = new LongAdder();

		private final LongAdder rows = new LongAdder();

		long prepared() {
			return this.prepared.sum();
		}

		long executions() {
			return this.executions.sum();
		}

		long batches() {
			return this.batches.sum();
		}

		long rows() {
			return this.rows.sum();
		}

	}

	@FunctionalInterface
	private interface Wrapper {

		Object wrap(Method method, Object[] args, Object result);

	}

}
