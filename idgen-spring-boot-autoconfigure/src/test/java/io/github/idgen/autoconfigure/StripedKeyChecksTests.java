package io.github.idgen.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.StripedJdbcBackendOutageTests.CuttableDataSource;
import io.github.idgen.segment.KeyCheckStore;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the key checks of a striped JDBC backend ({@link AllKeyChecks}): the first
 * database decides, so a database after it that is down stops no obfuscated number, and
 * an instance it refuses writes its value nowhere else.
 */
class StripedKeyChecksTests {

	private static final String COUNTER = "order@20261128";

	private static final String SCOPE = "0badcafe";

	private static final long MINE = 1111;

	private static final long OTHER = 2222;

	private final String table = "idgen_striped_" + UUID.randomUUID().toString().substring(0, 8);

	private final CuttableDataSource mariaDb = new CuttableDataSource(TestBackends.mariaDb());

	@AfterEach
	void dropTables() {
		for (DataSource dataSource : List.of(TestBackends.postgres(), TestBackends.mariaDb())) {
			new JdbcTemplate(dataSource).execute("DROP TABLE IF EXISTS " + this.table);
		}
	}

	@Test
	void anObfuscatedSequenceServesWhileOneStripedDatabaseIsDown() {
		ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of())
			.withBean("idsPostgres", DataSource.class, () -> new DelegatingDataSource(TestBackends.postgres()))
			.withBean("idsMariaDb", DataSource.class, () -> this.mariaDb)
			.withPropertyValues("idgen.backend=jdbc", "idgen.jdbc.table=" + this.table,
					"idgen.jdbc.initialize-schema=always", "idgen.jdbc.data-sources=idsPostgres,idsMariaDb",
					"idgen.sequences.order.format=D{yyyyMMdd}{seq:6}", "idgen.sequences.order.obfuscate=true",
					"idgen.obfuscation.key=" + SequenceObfuscationTests.KEY);
		runner.run((context) -> {
			assertThat(context).hasNotFailed();
			context.getBean(IdGenerator.class).nextId("other");
		});
		this.mariaDb.cut = true;
		runner.run((context) -> {
			assertThat(context).hasNotFailed();
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.nextId("other")).as("plain IDs are served by the PostgreSQL stripe").isPositive();
			assertThat(ids.nextFormattedId("order")).as("obfuscated formatted IDs are served too").startsWith("D");
		});
	}

	@Test
	void aRefusedInstanceDoesNotLockTheFirstWriterOutOfItsPeriod() {
		Memory first = new Memory();
		Memory second = new Memory();
		List<Long> answers = new ArrayList<>();
		AllKeyChecks other = new AllKeyChecks(List.of(first, second));
		// the instance with the other key checks while this one is between the two stores
		KeyCheckStore firstThenOther = new KeyCheckStore() {

			@Override
			public long recordIfAbsent(String counter, String scope, long check) {
				long recorded = first.recordIfAbsent(counter, scope, check);
				answers.add(other.recordIfAbsent(counter, scope, OTHER));
				return recorded;
			}

			@Override
			public String describe(String counter, String scope) {
				return "first";
			}

		};
		long mine = new AllKeyChecks(List.of(firstThenOther, second)).recordIfAbsent(COUNTER, SCOPE, MINE);
		assertThat(answers).as("the other key is refused").containsExactly(MINE);
		long later = new AllKeyChecks(List.of(first, second)).recordIfAbsent(COUNTER, SCOPE, MINE);
		assertThat(List.of(mine, later)).as("the first writer, and a later instance with its key, may write the period")
			.containsExactly(MINE, MINE);
	}

	/**
	 * Key check values in memory.
	 */
	static final class Memory implements KeyCheckStore {

		final Map<String, Long> recorded = new ConcurrentHashMap<>();

		@Override
		public long recordIfAbsent(String counter, String scope, long check) {
			Long previous = this.recorded.putIfAbsent(counter + "#" + scope, check);
			return (previous != null) ? previous : check;
		}

		@Override
		public String describe(String counter, String scope) {
			return "memory";
		}

	}

}
