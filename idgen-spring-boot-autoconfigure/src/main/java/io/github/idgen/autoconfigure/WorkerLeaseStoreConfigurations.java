package io.github.idgen.autoconfigure;

import java.sql.DatabaseMetaData;
import java.util.Locale;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;

import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.jdbc.JdbcDialect;
import io.github.idgen.jdbc.JdbcWorkerLeaseStore;
import io.github.idgen.jdbc.JdbcWorkerSchema;
import io.github.idgen.mongo.MongoWorkerLeaseStore;
import io.github.idgen.redis.RedisWorkerLeaseStore;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * The stores that snowflake worker ids are leased from, one configuration per store.
 */
final class WorkerLeaseStoreConfigurations {

	private WorkerLeaseStoreConfigurations() {
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.jdbc.EmbeddedDatabaseConnection")
	@ConditionalOnBean(DataSource.class)
	@ConditionalOnWorkerLeaseStore(Backend.JDBC)
	static class Jdbc {

		private static final String TABLE = JdbcWorkerLeaseStore.DEFAULT_TABLE_NAME;

		@Bean
		@ConditionalOnMissingBean(WorkerLeaseStore.class)
		JdbcWorkerLeaseStore idgenJdbcWorkerLeaseStore(ListableBeanFactory beanFactory,
				IdGeneratorProperties properties) {
			IdGeneratorProperties.Jdbc jdbc = properties.getJdbc();
			DataSource dataSource = DataSourceSelector.select(beanFactory, jdbc.getDataSource());
			String source = properties.getSnowflake().getWorkerIdSource().name().toLowerCase(Locale.ROOT);
			requireSupportedDatabase(dataSource, source);
			JdbcWorkerSchema schema = new JdbcWorkerSchema(dataSource, TABLE);
			if (JdbcBackendConfiguration.shouldCreateSchema(jdbc.getInitializeSchema(), dataSource)) {
				schema.createIfMissing();
			}
			checkTableShape(schema, source);
			return new JdbcWorkerLeaseStore(dataSource, TABLE);
		}

		/**
		 * Fail unless the database is one the lease store supports. A database that cannot
		 * be asked is not checked: the store reports it when it is used.
		 */
		private static void requireSupportedDatabase(DataSource dataSource, String source) {
			String product;
			try {
				product = JdbcUtils.extractDatabaseMetaData(dataSource, DatabaseMetaData::getDatabaseProductName);
			}
			catch (MetaDataAccessException ex) {
				return;
			}
			if (!JdbcDialect.fromProductName(product).supportsWorkerLeases()) {
				throw new IdGeneratorConfigurationException("idgen.snowflake.worker-id-source", source,
						"idgen.snowflake.worker-id-source is '" + source + "', so snowflake worker ids would be leased "
								+ "from the application's DataSource, which is " + product + "; JDBC worker leases "
								+ "support " + JdbcWorkerLeaseStore.SUPPORTED_DATABASES + " only.",
						"Lease worker ids from another store (idgen.snowflake.worker-id-source=redis or mongo), take "
								+ "them from the StatefulSet ordinal (idgen.snowflake.worker-id-source=kubernetes), or "
								+ "give each instance its own idgen.snowflake.worker-id.");
			}
		}

		/**
		 * Fail if the worker table exists with another shape than the lease store needs. A
		 * database that cannot be asked is not checked.
		 */
		private static void checkTableShape(JdbcWorkerSchema schema, String source) {
			TableShapeMismatch.find(schema::findShapeProblems, schema::script).ifPresent((mismatch) -> {
				throw new IdGeneratorConfigurationException("idgen.snowflake.worker-id-source", source,
						"idgen.snowflake.worker-id-source is '" + source + "', so snowflake worker ids are leased from "
								+ "table '" + TABLE + "', and that table exists with another shape than idgen needs: "
								+ mismatch.problems() + ".",
						"Change table '" + TABLE + "' to the shape of idgen's script for this database, or drop "
								+ "it for idgen to create (idgen.jdbc.initialize-schema), or lease worker ids from "
								+ "another store (idgen.snowflake.worker-id-source):\n" + mismatch.script());
			});
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(RedisConnectionFactory.class)
	@ConditionalOnBean(RedisConnectionFactory.class)
	@ConditionalOnWorkerLeaseStore(Backend.REDIS)
	static class Redis {

		@Bean
		@ConditionalOnMissingBean(WorkerLeaseStore.class)
		RedisWorkerLeaseStore idgenRedisWorkerLeaseStore(RedisConnectionFactory connectionFactory,
				IdGeneratorProperties properties) {
			return new RedisWorkerLeaseStore(connectionFactory,
					RedisKeyPrefix.keys(properties.getRedis().getKeyPrefix()).prefix());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MongoTemplate.class)
	@ConditionalOnBean(MongoTemplate.class)
	@ConditionalOnWorkerLeaseStore(Backend.MONGO)
	static class Mongo {

		@Bean
		@ConditionalOnMissingBean(WorkerLeaseStore.class)
		MongoWorkerLeaseStore idgenMongoWorkerLeaseStore(MongoTemplate mongoTemplate,
				IdGeneratorProperties properties) {
			return new MongoWorkerLeaseStore(mongoTemplate, "idgen_workers",
					MongoBackendConfiguration.writeConcern(properties.getMongo()));
		}

	}

}
