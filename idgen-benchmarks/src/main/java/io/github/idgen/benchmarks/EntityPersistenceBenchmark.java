package io.github.idgen.benchmarks;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;

import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;

import io.github.idgen.entity.SequenceId;

/**
 * Times persisting entities through JPA with an identifier from {@link SequenceId} next
 * to what users would pick instead, on PostgreSQL and MariaDB: (a) {@code @SequenceId} on
 * the JDBC backend in the same database, (b) Hibernate's {@code @SequenceGenerator} with
 * allocation size 50 and the pooled-lo optimizer, (c) an identity column, (d) random UUID
 * keys. The tables differ in the key alone (customer, amount, created_at).
 * <p>
 * Every round of a strategy runs in a new Spring Boot application (auto-configuration, no
 * web) whose Hibernate drops and creates that strategy's table and sequence
 * ({@code ddl-auto=create}); it persists the entities on one thread, in transactions of
 * {@value #PER_TRANSACTION}, with {@code hibernate.jdbc.batch_size=50} and
 * {@code hibernate.order_inserts=true}, and is timed from the first {@code persist} to
 * the last commit. One warm-up round of every strategy comes first, then the measured
 * rounds, each running every strategy once in a rotated order, then one counted round in
 * which a {@link StatementCounter} between Hibernate and the pool records every
 * statement. The report gives every measured round, the median and the best round of each
 * strategy, and their ratios to (b). All applications of a database share one HikariCP
 * pool with Boot's defaults and idgen's defaults (its segment table,
 * {@value #SEGMENT_TABLE}, created by idgen).
 * <p>
 * Usage:
 * {@code java -cp benchmarks.jar io.github.idgen.benchmarks.EntityPersistenceBenchmark
 * [rounds=9] [entities=100000] [databases=postgres,mariadb]}, with the databases at
 * {@code IDGEN_TEST_POSTGRES_URL} (default
 * {@code jdbc:postgresql://127.0.0.1:5432/test?user=postgres}) and
 * {@code IDGEN_TEST_MARIADB_URL} (default
 * {@code jdbc:mariadb://127.0.0.1:3306/test?user=root}).
 */
public final class EntityPersistenceBenchmark {

	private static final int BATCH = 50;

	private static final int PER_TRANSACTION = 1_000;

	private static final String SEGMENT_TABLE = "bench_idgen_segment";

	private static final Map<String, Object> PROPERTIES = Map.of("spring.jpa.hibernate.ddl-auto", "create",
			"spring.jpa.properties.hibernate.jdbc.batch_size", BATCH, "spring.jpa.properties.hibernate.order_inserts",
			true, "spring.jpa.properties.hibernate.id.optimizer.pooled.preferred", "pooled-lo", "idgen.jdbc.table",
			SEGMENT_TABLE, "idgen.jdbc.initialize-schema", "always", "spring.main.register-shutdown-hook", false,
			"logging.level.root", "warn");

	private EntityPersistenceBenchmark() {
	}

	/**
	 * Run the benchmark and print its report to standard output.
	 * @param args the measured rounds, the entities per round and the databases
	 * (comma-separated {@code postgres}, {@code mariadb})
	 * @throws SQLException if a database cannot be reached or cleaned up
	 */
	public static void main(String[] args) throws SQLException {
		System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
		int rounds = (args.length > 0) ? Integer.parseInt(args[0]) : 9;
		int entities = (args.length > 1) ? Integer.parseInt(args[1]) : 100_000;
		String databases = (args.length > 2) ? args[2] : "postgres,mariadb";
		System.out.printf(Locale.ROOT, "%s %s, %s %s, %d CPUs, %s%n", System.getProperty("java.vm.name"),
				System.getProperty("java.runtime.version"), System.getProperty("os.name"),
				System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(), Instant.now());
		for (String name : databases.split(",")) {
			Database database = Database.valueOf(name.strip().toUpperCase(Locale.ROOT));
			try (HikariDataSource pool = database.pool()) {
				run(database, pool, rounds, entities);
			}
		}
	}

	private static void run(Database database, HikariDataSource pool, int rounds, int entities) throws SQLException {
		execute(pool, "DROP TABLE IF EXISTS " + SEGMENT_TABLE);
		for (Strategy strategy : Strategy.values()) {
			progress(database, "warm-up", strategy, round(strategy, pool, entities));
		}
		Map<Strategy, List<Double>> rates = new EnumMap<>(Strategy.class);
		Strategy[] strategies = Strategy.values();
		for (int round = 0; round < rounds; round++) {
			for (int i = 0; i < strategies.length; i++) {
				Strategy strategy = strategies[(round + i) % strategies.length];
				double rate = round(strategy, pool, entities);
				rates.computeIfAbsent(strategy, (key) -> new ArrayList<>()).add(rate);
				progress(database, "round " + (round + 1), strategy, rate);
			}
		}
		Map<Strategy, Map<String, StatementCounter.Counts>> statements = new EnumMap<>(Strategy.class);
		for (Strategy strategy : strategies) {
			StatementCounter counter = new StatementCounter();
			round(strategy, pool, entities, counter);
			statements.put(strategy, counter.counts());
		}
		report(database, pool, rounds, entities, rates, statements);
		for (Strategy strategy : strategies) {
			execute(pool, "DROP TABLE IF EXISTS " + strategy.table);
		}
		execute(pool, "DROP SEQUENCE IF EXISTS bench_orders_pooled_lo_seq");
		execute(pool, "DROP TABLE IF EXISTS " + SEGMENT_TABLE);
	}

	private static double round(Strategy strategy, DataSource pool, int entities) throws SQLException {
		return round(strategy, pool, entities, null);
	}

	private static double round(Strategy strategy, DataSource pool, int entities, StatementCounter counter)
			throws SQLException {
		DataSource dataSource = (counter != null) ? counter.wrap(pool) : pool;
		long elapsed;
		try (ConfigurableApplicationContext context = start(strategy, dataSource)) {
			EntityManagerFactory factory = context.getBean(EntityManagerFactory.class);
			if (factory.getMetamodel().getEntities().size() != 1) {
				throw new IllegalStateException(
						"Expected the entity of " + strategy + " alone, found " + factory.getMetamodel().getEntities());
			}
			if (counter != null) {
				counter.clear();
			}
			System.gc();
			long start = System.nanoTime();
			persist(factory, strategy, entities);
			elapsed = System.nanoTime() - start;
		}
		long rows = count(pool, strategy.table);
		if (rows != entities) {
			throw new IllegalStateException(strategy.table + " holds " + rows + " rows, not " + entities);
		}
		return entities * 1e9 / elapsed;
	}

	private static ConfigurableApplicationContext start(Strategy strategy, DataSource dataSource) {
		return new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.properties(PROPERTIES)
			.initializers((context) -> {
				context.getBeanFactory().registerSingleton("dataSource", dataSource);
				context.getBeanFactory()
					.registerSingleton("persistenceManagedTypes",
							PersistenceManagedTypes.of(strategy.entity.getName()));
			})
			.run();
	}

	private static void persist(EntityManagerFactory factory, Strategy strategy, int entities) {
		Instant now = Instant.now();
		for (int done = 0; done < entities; done += PER_TRANSACTION) {
			EntityManager entityManager = factory.createEntityManager();
			try {
				entityManager.getTransaction().begin();
				for (int i = done; i < Math.min(entities, done + PER_TRANSACTION); i++) {
					entityManager.persist(strategy.order("customer-" + (i % 1_000), BigDecimal.valueOf(i, 2), now));
				}
				entityManager.getTransaction().commit();
			}
			finally {
				entityManager.close();
			}
		}
	}

	private static void report(Database database, DataSource pool, int rounds, int entities,
			Map<Strategy, List<Double>> rates, Map<Strategy, Map<String, StatementCounter.Counts>> statements)
			throws SQLException {
		System.out.println();
		System.out.printf(Locale.ROOT,
				"%s, %s; %,d entities per round in transactions of %,d, JDBC batches of %d, "
						+ "%d measured rounds after a warm-up round%n",
				database.label, describe(pool), entities, PER_TRANSACTION, BATCH, rounds);
		StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-38s", "strategy"));
		for (int round = 1; round <= rounds; round++) {
			header.append(String.format(Locale.ROOT, " %10s", "round " + round));
		}
		System.out.println(header
			.append(String.format(Locale.ROOT, " %12s %7s %12s %7s", "median /s", "x (b)", "best /s", "x (b)")));
		double medianReference = median(rates.get(Strategy.POOLED_LO));
		double bestReference = best(rates.get(Strategy.POOLED_LO));
		for (Strategy strategy : Strategy.values()) {
			StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-38s", strategy.label));
			rates.get(strategy).forEach((rate) -> line.append(String.format(Locale.ROOT, " %,10.0f", rate)));
			double median = median(rates.get(strategy));
			double best = best(rates.get(strategy));
			System.out.println(line.append(String.format(Locale.ROOT, " %,12.0f %7.2f %,12.0f %7.2f", median,
					median / medianReference, best, best / bestReference)));
		}
		System.out.println();
		System.out.printf(Locale.ROOT, "Statements of the counted round (%,d entities):%n", entities);
		System.out.printf(Locale.ROOT, "%-38s %14s %10s %14s %14s %14s %8s%n", "strategy", "insert batches",
				"rows/batch", "single inserts", "sequence calls", "idgen segment", "other");
		for (Strategy strategy : Strategy.values()) {
			long batches = 0;
			long batchedRows = 0;
			long singleInserts = 0;
			long sequenceCalls = 0;
			long segment = 0;
			long other = 0;
			for (Map.Entry<String, StatementCounter.Counts> entry : statements.get(strategy).entrySet()) {
				String sql = entry.getKey().toLowerCase(Locale.ROOT);
				StatementCounter.Counts counts = entry.getValue();
				long executed = counts.executions() + counts.batches();
				if (sql.startsWith("insert into " + strategy.table)) {
					batches += counts.batches();
					batchedRows += counts.rows();
					singleInserts += counts.executions();
				}
				else if (sql.contains(SEGMENT_TABLE)) {
					segment += executed;
				}
				else if (sql.contains("nextval") || sql.contains("next value for")) {
					sequenceCalls += executed;
				}
				else {
					other += executed;
				}
			}
			System.out.printf(Locale.ROOT, "%-38s %,14d %10.1f %,14d %,14d %,14d %,8d%n", strategy.label, batches,
					(batches != 0) ? (double) batchedRows / batches : 0.0, singleInserts, sequenceCalls, segment,
					other);
		}
		for (Strategy strategy : Strategy.values()) {
			System.out.printf(Locale.ROOT, "%n%s: %9s %9s %9s %9s  %s%n", strategy.label, "prepared", "executed",
					"batches", "rows", "SQL");
			statements.get(strategy)
				.forEach((sql, counts) -> System.out.printf(Locale.ROOT, "  %,9d %,9d %,9d %,9d  %s%n",
						counts.prepared(), counts.executions(), counts.batches(), counts.rows(), sql));
		}
		System.out.println();
	}

	private static double median(List<Double> values) {
		double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	private static double best(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
	}

	private static void progress(Database database, String round, Strategy strategy, double rate) {
		System.err.printf(Locale.ROOT, "%s %s %s: %,.0f entities/s%n", database.label, round, strategy.label, rate);
	}

	private static String describe(DataSource pool) throws SQLException {
		try (Connection connection = pool.getConnection()) {
			DatabaseMetaData metaData = connection.getMetaData();
			return metaData.getDatabaseProductName() + " " + metaData.getDatabaseProductVersion() + ", "
					+ metaData.getDriverName() + " " + metaData.getDriverVersion();
		}
	}

	private static long count(DataSource pool, String table) throws SQLException {
		try (Connection connection = pool.getConnection();
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
			result.next();
			return result.getLong(1);
		}
	}

	private static void execute(DataSource pool, String sql) throws SQLException {
		try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	/**
	 * The application of every round: Spring Boot's auto-configuration with the pool and
	 * the round's entity registered by the runner.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

	}

	private enum Database {

		POSTGRES("PostgreSQL", "IDGEN_TEST_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres"),

		MARIADB("MariaDB", "IDGEN_TEST_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/test?user=root");

		private final String label;

		private final String variable;

		private final String defaultUrl;

		Database(String label, String variable, String defaultUrl) {
			this.label = label;
			this.variable = variable;
			this.defaultUrl = defaultUrl;
		}

		HikariDataSource pool() {
			String url = System.getenv(this.variable);
			HikariConfig config = new HikariConfig();
			config.setPoolName("bench-" + name().toLowerCase(Locale.ROOT));
			config.setJdbcUrl((url != null && !url.isBlank()) ? url : this.defaultUrl);
			return new HikariDataSource(config);
		}

	}

	private enum Strategy {

		SEQUENCE_ID("(a) @SequenceId", SequenceIdOrder.class, "bench_orders_sequence_id"),

		POOLED_LO("(b) @SequenceGenerator pooled-lo 50", PooledLoOrder.class, "bench_orders_pooled_lo"),

		IDENTITY("(c) IDENTITY", IdentityOrder.class, "bench_orders_identity"),

		UUID("(d) UUID", UuidOrder.class, "bench_orders_uuid");

		private final String label;

		private final Class<? extends OrderRow> entity;

		private final String table;

		Strategy(String label, Class<? extends OrderRow> entity, String table) {
			this.label = label;
			this.entity = entity;
			this.table = table;
		}

		OrderRow order(String customer, BigDecimal amount, Instant createdAt) {
			return switch (this) {
				case SEQUENCE_ID -> new SequenceIdOrder(customer, amount, createdAt);
				case POOLED_LO -> new PooledLoOrder(customer, amount, createdAt);
				case IDENTITY -> new IdentityOrder(customer, amount, createdAt);
				case UUID -> new UuidOrder(customer, amount, createdAt);
			};
		}

	}

}
