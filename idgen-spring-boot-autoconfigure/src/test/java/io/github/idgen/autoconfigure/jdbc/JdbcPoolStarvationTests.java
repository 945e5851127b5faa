package io.github.idgen.autoconfigure.jdbc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.UniqueNames;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Application transactions that hold every connection of the application's pool while
 * they draw IDs: each fetch of a segment needs a connection besides theirs. With idgen's
 * own pool ({@code idgen.jdbc.pool-size}, by default 2) the fetches get one; sharing the
 * application's pool ({@code 0}) they starve until {@code fetch-timeout}. On PostgreSQL,
 * with a segment of one ID, so that every ID is a fetch.
 */
class JdbcPoolStarvationTests {

	private static final int APPLICATION_POOL = 2;

	private static final int IDS_PER_THREAD = 150;

	private final String table = UniqueNames.uniqueName("starve").replace('-', '_');

	@AfterEach
	void dropTable() {
		new JdbcTemplate(TestBackends.postgres()).execute("DROP TABLE IF EXISTS " + this.table);
	}

	private ApplicationContextRunner runner(String... properties) {
		HikariDataSource postgres = (HikariDataSource) TestBackends.postgres();
		return new ApplicationContextRunner()
			.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class,
					DataSourceTransactionManagerAutoConfiguration.class, JdbcTemplateAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=" + postgres.getJdbcUrl(),
					"spring.datasource.username=" + postgres.getUsername(),
					"spring.datasource.password=" + ((postgres.getPassword() != null) ? postgres.getPassword() : ""),
					"spring.datasource.hikari.maximum-pool-size=" + APPLICATION_POOL,
					"spring.datasource.hikari.connection-timeout=500", "idgen.jdbc.table=" + this.table,
					"idgen.jdbc.initialize-schema=always", "idgen.sequences.starve.step=1",
					"idgen.sequences.starve.min-step=1", "idgen.sequences.starve.max-step=1",
					"idgen.sequences.starve.fetch-timeout=2s")
			.withPropertyValues(properties);
	}

	@Test
	void transactionsHoldingEveryConnectionOfTwoInstancesGetTheirIdsFromIdgensOwnPool() throws Exception {
		Set<Long> all = new HashSet<>();
		runner().run((first) -> runner().run((second) -> {
			List<Long> ids = drawInTransactionsHoldingThePool(List.of(first, second));
			all.addAll(ids);
			assertThat(ids).as("IDs drawn").hasSize(2 * APPLICATION_POOL * IDS_PER_THREAD);
		}));
		assertThat(all).as("distinct IDs").hasSize(2 * APPLICATION_POOL * IDS_PER_THREAD);
	}

	@Test
	void sharingTheApplicationsPoolTheFetchStarvesAndTheCallersFailAfterTheFetchTimeout() {
		runner("idgen.jdbc.pool-size=0").run((context) -> {
			Throwable failure = null;
			try {
				drawInTransactionsHoldingThePool(List.of(context));
			}
			catch (Exception ex) {
				failure = ex;
			}
			assertThat(failure).isNotNull();
			while (!(failure instanceof BackendUnavailableException) && failure.getCause() != null) {
				failure = failure.getCause();
			}
			assertThat(failure).isInstanceOf(BackendUnavailableException.class);
		});
	}

	private static List<Long> drawInTransactionsHoldingThePool(List<? extends ApplicationContext> contexts)
			throws Exception {
		int threads = contexts.size() * APPLICATION_POOL;
		CyclicBarrier everyConnectionHeld = new CyclicBarrier(threads);
		ConcurrentLinkedQueue<Long> ids = new ConcurrentLinkedQueue<>();
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			List<Future<?>> futures = new ArrayList<>();
			for (ApplicationContext context : contexts) {
				TransactionTemplate transactions = new TransactionTemplate(
						context.getBean(PlatformTransactionManager.class));
				JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
				IdGenerator generator = context.getBean(IdGenerator.class);
				for (int i = 0; i < APPLICATION_POOL; i++) {
					futures.add(executor.submit(() -> transactions.executeWithoutResult((status) -> {
						jdbc.queryForObject("SELECT 1", Integer.class);
						await(everyConnectionHeld);
						for (int n = 0; n < IDS_PER_THREAD; n++) {
							ids.add(generator.nextId("starve"));
						}
					})));
				}
			}
			for (Future<?> future : futures) {
				future.get(60, TimeUnit.SECONDS);
			}
		}
		finally {
			executor.shutdownNow();
		}
		return new ArrayList<>(ids);
	}

	private static void await(CyclicBarrier barrier) {
		try {
			barrier.await(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
