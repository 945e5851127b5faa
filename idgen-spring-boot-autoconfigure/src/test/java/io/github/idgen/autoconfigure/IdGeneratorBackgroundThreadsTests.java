package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.AutowireCandidateQualifier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.task.ThreadPoolTaskExecutorBuilder;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

import io.github.idgen.IdGenerator;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.snowflake.InMemoryWorkerLeaseStore;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.VirtualThreads;
import io.github.idgen.worker.WorkerLease;
import io.github.idgen.worker.WorkerLeaseStore;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What runs idgen's background work in an application: idgen's own platform daemon
 * threads by default, the {@link java.util.concurrent.Executor} marked
 * {@link IdGeneratorTaskExecutor @IdGeneratorTaskExecutor} if there is one, bounded as
 * idgen's own threads are and left running when the context closes. Virtual threads with
 * {@code spring.threads.virtual.enabled}: {@link IdGeneratorVirtualThreadsTests}.
 */
class IdGeneratorBackgroundThreadsTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of());

	private final DataSource dataSource = TestBackends.h2();

	private final RecordingSegmentStore store = new RecordingSegmentStore(this.dataSource);

	private final List<ExecutorService> executors = new ArrayList<>();

	@AfterEach
	void shutDownExecutors() {
		this.store.release();
		this.executors.forEach(ExecutorService::shutdownNow);
	}

	@Test
	void fetchesRunOnIdgensOwnPlatformDaemonThreadsByDefault() {
		withStore(this.runner).run((context) -> {
			assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1);
			assertThat(this.store.threads()).isNotEmpty().allSatisfy((thread) -> {
				assertThat(thread.getName()).startsWith("idgen-fetch-");
				assertThat(thread.isDaemon()).isTrue();
				assertThat(VirtualThreads.isVirtual(thread)).isFalse();
			});
		});
	}

	@Test
	@EnabledForJreRange(max = JRE.JAVA_20)
	void beforeJava21TheVirtualThreadSwitchLeavesIdgensThreadsPlatformThreads() {
		withStore(this.runner).withPropertyValues("spring.threads.virtual.enabled=true").run((context) -> {
			assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1);
			assertThat(this.store.threads()).isNotEmpty()
				.allSatisfy((thread) -> assertThat(thread.getName()).startsWith("idgen-fetch-"));
		});
	}

	@Test
	void fetchesRunOnTheExecutorMarkedIdGeneratorTaskExecutorAndOnNoOther() {
		withStore(this.runner).withUserConfiguration(TwoExecutors.class).run((context) -> {
			assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1);
			assertThat(this.store.threads()).isNotEmpty()
				.allSatisfy((thread) -> assertThat(thread.getName()).startsWith("marked-"));
		});
	}

	@Test
	void theReadmesExecutorIsUsedNextToSpringBootsTaskExecution() {
		withStore(this.runner).withConfiguration(AutoConfigurations.of(TaskExecutionAutoConfiguration.class))
			.withUserConfiguration(ReadmeExecutor.class)
			.run((context) -> {
				assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1);
				assertThat(this.store.threads()).isNotEmpty()
					.allSatisfy((thread) -> assertThat(thread.getName()).startsWith("ids-"));
			});
	}

	@Test
	void anExecutorThatIsNotMarkedIsNotUsed() {
		withStore(this.runner).withUserConfiguration(UnmarkedExecutor.class).run((context) -> {
			assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1);
			assertThat(this.store.threads()).isNotEmpty()
				.allSatisfy((thread) -> assertThat(thread.getName()).startsWith("idgen-fetch-"));
		});
	}

	@Test
	void tenHangingSequencesHoldAtMostFourThreadsOfTheExecutorAndClosingTheContextLeavesItRunning() {
		ExecutorService executor = executor("application-");
		this.store.hold();
		withStore(markedExecutor(this.runner, executor)).run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			List<CompletableFuture<Long>> callers = new ArrayList<>();
			for (int i = 0; i < 10; i++) {
				String name = "hanging-" + i;
				callers.add(CompletableFuture.supplyAsync(() -> ids.nextId(name), executor("caller-")));
			}
			this.store.awaitConcurrent(SegmentSequences.MAX_FETCH_THREADS);
			Thread.sleep(300);
			this.store.release();
			for (CompletableFuture<Long> caller : callers) {
				assertThat(caller.get(5, TimeUnit.SECONDS)).isEqualTo(1);
			}
			assertThat(this.store.maxConcurrent()).isEqualTo(SegmentSequences.MAX_FETCH_THREADS);
			assertThat(this.store.threads())
				.allSatisfy((thread) -> assertThat(thread.getName()).startsWith("application-"));
		});
		assertThat(executor.isShutdown()).isFalse();
		assertThat(CompletableFuture.supplyAsync(() -> "running", executor)).succeedsWithin(Duration.ofSeconds(5))
			.isEqualTo("running");
	}

	@Test
	void theLeaseHeartbeatRunsOnAThreadOfIdgensOwnEvenWithAMarkedExecutor() {
		Set<String> renewedOn = ConcurrentHashMap.newKeySet();
		AtomicInteger renewals = new AtomicInteger();
		InMemoryWorkerLeaseStore leases = new InMemoryWorkerLeaseStore() {

			@Override
			public boolean renew(WorkerLease lease, Duration ttl, long lastIssuedMillis) {
				renewedOn.add(Thread.currentThread().getName());
				renewals.incrementAndGet();
				return super.renew(lease, ttl, lastIssuedMillis);
			}

		};
		markedExecutor(this.runner, executor("application-"))
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withBean(WorkerLeaseStore.class, () -> leases)
			.withPropertyValues("idgen.backend=snowflake", "idgen.snowflake.lease-ttl=1s")
			.run((context) -> {
				assertThat(context.getBean(IdGenerator.class).nextId("order")).isPositive();
				long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
				while (renewals.get() < 3 && System.nanoTime() < deadline) {
					Thread.sleep(20);
				}
				assertThat(renewals).as("renewals, the first one's included").hasValueGreaterThanOrEqualTo(3);
				assertThat(renewedOn).as("threads of the heartbeat")
					.anySatisfy((name) -> assertThat(name).isEqualTo("idgen-worker-lease"))
					.noneSatisfy((name) -> assertThat(name).startsWith("application-"));
			});
	}

	@Test
	void anApplicationsOwnBackgroundThreadsBeanReplacesIdgens() {
		ExecutorService executor = executor("replaced-");
		withStore(this.runner).withBean(BackgroundThreads.class, () -> BackgroundThreads.daemon().on(executor))
			.withUserConfiguration(TwoExecutors.class)
			.run((context) -> {
				assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1);
				assertThat(this.store.threads()).isNotEmpty()
					.allSatisfy((thread) -> assertThat(thread.getName()).startsWith("replaced-"));
			});
	}

	private ApplicationContextRunner withStore(ApplicationContextRunner runner) {
		return runner.withBean(DataSource.class, () -> this.dataSource)
			.withBean(JdbcSegmentStore.class, () -> this.store);
	}

	/**
	 * Add an executor of the test's as the bean marked {@code @IdGeneratorTaskExecutor},
	 * without a destroy method, so that only idgen could shut it down.
	 */
	static ApplicationContextRunner markedExecutor(ApplicationContextRunner runner, ExecutorService executor) {
		return runner.withBean("idgenExecutor", ExecutorService.class, () -> executor, (definition) -> {
			((AbstractBeanDefinition) definition)
				.addQualifier(new AutowireCandidateQualifier(IdGeneratorTaskExecutor.class));
			definition.setDestroyMethodName("");
		});
	}

	private ExecutorService executor(String prefix) {
		AtomicInteger count = new AtomicInteger();
		ExecutorService executor = Executors.newCachedThreadPool((task) -> {
			Thread thread = new Thread(task, prefix + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		this.executors.add(executor);
		return executor;
	}

	@Configuration(proxyBeanMethods = false)
	static class TwoExecutors {

		@Bean
		@IdGeneratorTaskExecutor
		ThreadPoolTaskExecutor markedExecutor() {
			ThreadPoolTaskExecutor executor = new ThreadPoolTaskExecutor();
			executor.setThreadNamePrefix("marked-");
			return executor;
		}

		@Bean
		ThreadPoolTaskExecutor otherExecutor() {
			ThreadPoolTaskExecutor executor = new ThreadPoolTaskExecutor();
			executor.setThreadNamePrefix("other-");
			return executor;
		}

	}

	/**
	 * The executor of the README's "Virtual threads".
	 */
	@Configuration(proxyBeanMethods = false)
	static class ReadmeExecutor {

		@Bean
		@IdGeneratorTaskExecutor
		ThreadPoolTaskExecutor idgenExecutor(ThreadPoolTaskExecutorBuilder builder) {
			return builder.threadNamePrefix("ids-").build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UnmarkedExecutor {

		@Bean
		ThreadPoolTaskExecutor otherExecutor() {
			ThreadPoolTaskExecutor executor = new ThreadPoolTaskExecutor();
			executor.setThreadNamePrefix("other-");
			return executor;
		}

	}

}
