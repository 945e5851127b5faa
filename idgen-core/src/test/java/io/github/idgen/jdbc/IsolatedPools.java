package io.github.idgen.jdbc;

import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * Pools of their own on a test database, as separate application instances have, whose
 * connections all run at one transaction isolation level (HikariCP's
 * {@code transactionIsolation}), such as {@code TRANSACTION_SERIALIZABLE}. Closing it
 * closes every pool it opened.
 */
final class IsolatedPools implements AutoCloseable {

	private final DataSource database;

	private final String isolation;

	private final List<HikariDataSource> pools = new ArrayList<>();

	/**
	 * Create the pools' factory.
	 * @param database the pool of the test database, whose settings the new pools copy
	 * @param isolation the name of a {@link java.sql.Connection} isolation constant
	 */
	IsolatedPools(DataSource database, String isolation) {
		this.database = database;
		this.isolation = isolation;
	}

	/**
	 * Open another pool.
	 * @return the pool, closed when this is closed
	 */
	DataSource open() {
		HikariConfig config = new HikariConfig();
		((HikariDataSource) this.database).copyStateTo(config);
		config.setPoolName("idgen-test-" + this.isolation + "-" + this.pools.size());
		config.setTransactionIsolation(this.isolation);
		config.setMaximumPoolSize(4);
		config.setMinimumIdle(0);
		HikariDataSource pool = new HikariDataSource(config);
		this.pools.add(pool);
		return pool;
	}

	@Override
	public void close() {
		this.pools.forEach(HikariDataSource::close);
	}

}
