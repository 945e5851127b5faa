package io.github.idgen.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.github.idgen.IdGenerator;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.SegmentSequences;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.VirtualThreads;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * idgen's own threads with Spring Boot's {@code spring.threads.virtual.enabled=true} on
 * Java 21 or later: virtual, bounded as platform ones are; an executor marked
 * {@link IdGeneratorTaskExecutor @IdGeneratorTaskExecutor} still takes precedence. Runs
 * on a JDK with virtual threads only; the build runs this tag on one (the
 * {@code virtual-threads} profile).
 */
@Tag(VirtualThreads.TAG)
@EnabledForJreRange(min = JRE.JAVA_21)
class IdGeneratorVirtualThreadsTests {

	private final DataSource dataSource = TestBackends.h2();

	private final RecordingSegmentStore store = new RecordingSegmentStore(this.dataSource);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of())
		.withBean(DataSource.class, () -> this.dataSource)
		.withBean(JdbcSegmentStore.class, () -> this.store)
		.withPropertyValues("spring.threads.virtual.enabled=true");

	private final ExecutorService callers = Executors.newCachedThreadPool();

	@AfterEach
	void shutDown() {
		this.store.release();
		this.callers.shutdownNow();
	}

	@Test
	void idgensOwnFetchThreadsAreVirtualAndAtMostFourRunAtOnce() {
		this.store.hold();
		this.runner.run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			List<CompletableFuture<Long>> callers = new ArrayList<>();
			for (int i = 0; i < 10; i++) {
				String name = "hanging-" + i;
				callers.add(CompletableFuture.supplyAsync(() -> ids.nextId(name), this.callers));
			}
			this.store.awaitConcurrent(SegmentSequences.MAX_FETCH_THREADS);
			Thread.sleep(300);
			this.store.release();
			for (CompletableFuture<Long> caller : callers) {
				assertThat(caller.get(5, TimeUnit.SECONDS)).isEqualTo(1);
			}
			assertThat(this.store.maxConcurrent()).isEqualTo(SegmentSequences.MAX_FETCH_THREADS);
			assertThat(this.store.threads()).isNotEmpty().allSatisfy((thread) -> {
				assertThat(VirtualThreads.isVirtual(thread)).as("%s is virtual", thread).isTrue();
				assertThat(thread.getName()).startsWith("idgen-fetch-");
			});
		});
	}

	@Test
	void theMarkedExecutorTakesPrecedenceOverVirtualThreads() {
		ExecutorService executor = Executors.newCachedThreadPool((task) -> new Thread(task, "application"));
		try {
			IdGeneratorBackgroundThreadsTests.markedExecutor(this.runner, executor).run((context) -> {
				assertThat(context.getBean(IdGenerator.class).nextId("order")).isEqualTo(1);
				assertThat(this.store.threads()).isNotEmpty().allSatisfy((thread) -> {
					assertThat(VirtualThreads.isVirtual(thread)).isFalse();
					assertThat(thread.getName()).isEqualTo("application");
				});
			});
		}
		finally {
			executor.shutdownNow();
		}
	}

}
