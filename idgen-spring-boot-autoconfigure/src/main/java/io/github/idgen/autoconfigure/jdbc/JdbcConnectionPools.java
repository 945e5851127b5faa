package io.github.idgen.autoconfigure.jdbc;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.util.ClassUtils;

/**
 * idgen's own connection pools: for each DataSource that idgen reserves segments from,
 * leases worker IDs in or keeps a counter floor in, a small pool of its own with the same
 * settings, so that application transactions that hold every connection of the
 * application's pool while they wait for an ID cannot starve the fetch that would serve
 * them. Opened for a DataSource bean that is a {@code HikariDataSource} (Spring Boot's
 * default pool) when {@code idgen.jdbc.pool-size} is above 0; any other DataSource,
 * including one that wraps a Hikari pool (a proxy that traces or cuts its connections
 * must see idgen's too), is shared, and startup logs how to give idgen one of its own. A
 * pool opens its connections when first asked, closes idle ones after Hikari's idle
 * timeout, and is closed with the application context, after the stores that use it. Its
 * connections log in with the credentials the application's pool has at the time, so that
 * credentials rotated at runtime (through Hikari's {@code HikariConfigMXBean}) apply to
 * both.
 * <p>
 * Thread-safe: the pools are created at most once per DataSource by the concurrent map;
 * the list of pools to close is copy-on-write.
 */
final class JdbcConnectionPools implements DisposableBean {

	private static final Log logger = LogFactory.getLog(JdbcConnectionPools.class);

	private static final boolean HIKARI_PRESENT = ClassUtils.isPresent("com.zaxxer.hikari.HikariDataSource",
			JdbcConnectionPools.class.getClassLoader());

	private final int size;

	private final ConcurrentMap<DataSource, DataSource> pools = new ConcurrentHashMap<>();

	private final List<AutoCloseable> opened = new CopyOnWriteArrayList<>();

	JdbcConnectionPools(int size) {
		if (size < 0) {
			throw new IllegalArgumentException("size must not be negative but was " + size);
		}
		this.size = size;
	}

	/**
	 * Return the DataSource idgen uses for an application's DataSource: its own pool, or
	 * the application's DataSource itself where idgen cannot open one.
	 * @param application the application's DataSource
	 * @return the DataSource for idgen
	 */
	DataSource of(DataSource application) {
		return (this.size == 0) ? application : this.pools.computeIfAbsent(application, this::open);
	}

	private DataSource open(DataSource application) {
		DataSource own = HIKARI_PRESENT ? HikariPools.copy(application, this.size) : null;
		if (own == null) {
			logger.info("idgen shares the connection pool of its DataSource (" + application.getClass().getName()
					+ " is no HikariDataSource): transactions that hold every connection while they wait for an ID "
					+ "can starve the fetch that would serve them. Give idgen a DataSource of its own with "
					+ "idgen.jdbc.data-source.");
			return application;
		}
		this.opened.add((AutoCloseable) own);
		return own;
	}

	@Override
	public void destroy() throws Exception {
		for (AutoCloseable pool : this.opened) {
			pool.close();
		}
	}

	/**
	 * The part that needs HikariCP, loaded only when it is on the classpath.
	 */
	private static final class HikariPools {

		static DataSource copy(DataSource application, int size) {
			if (!(application instanceof HikariDataSource hikari)) {
				return null;
			}
			HikariDataSource own = new HikariDataSource();
			hikari.copyStateTo(own);
			if (hikari.getCredentialsProvider() == null && hikari.getCredentialsProviderClassName() == null) {
				// credentials changed at runtime on the application's pool (a rotation)
				// apply to the connections idgen's pool opens from then on
				own.setCredentialsProvider(hikari::getCredentials);
			}
			own.setPoolName("idgen-" + ((hikari.getPoolName() != null) ? hikari.getPoolName() : "pool"));
			own.setMaximumPoolSize(size);
			own.setMinimumIdle(0);
			own.setRegisterMbeans(false);
			return own;
		}

	}

}
