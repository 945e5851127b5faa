package io.github.idgen.autoconfigure.jdbc;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the JDBC backend.
 */
@ConfigurationProperties(prefix = "idgen.jdbc", ignoreUnknownFields = false)
public class JdbcProperties {

	/**
	 * Name of the table that holds one counter row per sequence, optionally qualified by
	 * a schema name.
	 */
	private String table = "idgen_segment";

	/**
	 * Bean name of the DataSource to use when the context has several and none is
	 * primary.
	 */
	private String dataSource;

	/**
	 * Bean names of the DataSources to stripe the segments over, in an order every
	 * instance shares: the k-th (from 0) of n hands out only the IDs x with x mod n = k.
	 * IDs are served while at least one of them answers. Set instead of data-source.
	 */
	private List<String> dataSources = new ArrayList<>();

	/**
	 * Bean names of the DataSources dropped from the stripes, needed while re-striping
	 * without them so that they are closed.
	 */
	private List<String> retiredDataSources = new ArrayList<>();

	/**
	 * Generation of the stripe layout of data-sources. Raise it by one, on the instances
	 * started with the changed data-sources, to re-stripe.
	 */
	private int stripeGeneration = 1;

	/**
	 * Maximum connections of idgen's own pool, opened with the settings of the
	 * application's HikariDataSource, for reserving segments, leasing worker IDs and the
	 * counter floor: application transactions that hold every connection of their pool
	 * while they wait for an ID cannot starve the fetch that serves them. Its connections
	 * open when first needed and close when idle. 0 shares the application's pool.
	 */
	private int poolSize = 2;

	/**
	 * When to create the table if it does not exist: 'embedded' only for an embedded
	 * database, 'always', or 'never'.
	 */
	private SchemaInitialization initializeSchema = SchemaInitialization.EMBEDDED;

	public String getTable() {
		return this.table;
	}

	public void setTable(String table) {
		this.table = table;
	}

	public int getPoolSize() {
		return this.poolSize;
	}

	public void setPoolSize(int poolSize) {
		this.poolSize = poolSize;
	}

	public String getDataSource() {
		return this.dataSource;
	}

	public void setDataSource(String dataSource) {
		this.dataSource = dataSource;
	}

	public List<String> getDataSources() {
		return this.dataSources;
	}

	public void setDataSources(List<String> dataSources) {
		this.dataSources = dataSources;
	}

	public List<String> getRetiredDataSources() {
		return this.retiredDataSources;
	}

	public void setRetiredDataSources(List<String> retiredDataSources) {
		this.retiredDataSources = retiredDataSources;
	}

	public int getStripeGeneration() {
		return this.stripeGeneration;
	}

	public void setStripeGeneration(int stripeGeneration) {
		this.stripeGeneration = stripeGeneration;
	}

	public SchemaInitialization getInitializeSchema() {
		return this.initializeSchema;
	}

	public void setInitializeSchema(SchemaInitialization initializeSchema) {
		this.initializeSchema = initializeSchema;
	}

}
