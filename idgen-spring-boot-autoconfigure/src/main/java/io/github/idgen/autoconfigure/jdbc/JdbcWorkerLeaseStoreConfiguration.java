package io.github.idgen.autoconfigure.jdbc;

import java.sql.DatabaseMetaData;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.boot.sql.init.dependency.DatabaseInitializationDependencyConfigurer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.WorkerLeaseStoreFactory;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.jdbc.JdbcDialect;
import io.github.idgen.jdbc.JdbcWorkerLeaseStore;
import io.github.idgen.jdbc.JdbcWorkerSchema;

/**
 * Worker ID leases in the {@code idgen_worker} table of the application's DataSource,
 * offered to whatever leases worker IDs from the JDBC store.
 */
@Configuration(proxyBeanMethods = false)
@Import(DatabaseInitializationDependencyConfigurer.class)
@ConditionalOnClass(EmbeddedDatabaseConnection.class)
@ConditionalOnBean(DataSource.class)
class JdbcWorkerLeaseStoreConfiguration {

	private static final String TABLE = JdbcWorkerLeaseStore.DEFAULT_TABLE_NAME;

	/**
	 * The factory of the lease store, created once every database initializer (Flyway,
	 * Liquibase, scripts) has run, since it checks the worker table.
	 */
	@Bean
	@DependsOnDatabaseInitialization
	WorkerLeaseStoreFactory idgenJdbcWorkerLeaseStoreFactory(ListableBeanFactory beanFactory, JdbcProperties jdbc,
			JdbcConnectionPools pools) {
		return WorkerLeaseStoreFactory.of(Backend.JDBC,
				(request) -> leaseStore(DataSourceSelector.select(beanFactory, jdbc.getDataSource()), jdbc, pools,
						request));
	}

	private static JdbcWorkerLeaseStore leaseStore(DataSource dataSource, JdbcProperties jdbc,
			JdbcConnectionPools pools, WorkerLeaseStoreFactory.LeaseRequest request) {
		requireSupportedDatabase(dataSource, request);
		JdbcWorkerSchema schema = new JdbcWorkerSchema(dataSource, TABLE);
		if (JdbcTables.shouldCreateSchema(jdbc.getInitializeSchema(), dataSource)) {
			schema.createIfMissing();
		}
		checkTableShape(schema, request);
		return new JdbcWorkerLeaseStore(pools.of(dataSource), TABLE);
	}

	/**
	 * Fail unless the database is one the lease store supports. A database that cannot be
	 * asked is not checked: the store reports it when it is used.
	 */
	private static void requireSupportedDatabase(DataSource dataSource, WorkerLeaseStoreFactory.LeaseRequest request) {
		String product;
		try {
			product = JdbcUtils.extractDatabaseMetaData(dataSource, DatabaseMetaData::getDatabaseProductName);
		}
		catch (MetaDataAccessException ex) {
			return;
		}
		if (!JdbcDialect.fromProductName(product).supportsWorkerLeases()) {
			throw new IdGeneratorConfigurationException(request.property(), request.value(),
					request.property() + " is '" + request.value() + "', so worker IDs would be leased from the "
							+ "application's DataSource, which is " + product + "; JDBC worker leases support "
							+ JdbcWorkerLeaseStore.SUPPORTED_DATABASES + " only.",
					capitalized(request.alternatives()) + ".");
		}
	}

	/**
	 * Fail if the worker table exists with another shape than the lease store needs. A
	 * database that cannot be asked is not checked.
	 */
	private static void checkTableShape(JdbcWorkerSchema schema, WorkerLeaseStoreFactory.LeaseRequest request) {
		TableShapeMismatch.find(schema::findShapeProblems, schema::script).ifPresent((mismatch) -> {
			throw new IdGeneratorConfigurationException(request.property(), request.value(),
					request.property() + " is '" + request.value() + "', so worker IDs are leased from table '" + TABLE
							+ "', and that table exists with another shape than idgen needs: " + mismatch.problems()
							+ ".",
					"Change table '" + TABLE + "' to the shape of idgen's script for this database, or drop it for "
							+ "idgen to create (idgen.jdbc.initialize-schema), or " + request.alternatives() + ":\n"
							+ mismatch.script());
		});
	}

	private static String capitalized(String clause) {
		return Character.toUpperCase(clause.charAt(0)) + clause.substring(1);
	}

}
