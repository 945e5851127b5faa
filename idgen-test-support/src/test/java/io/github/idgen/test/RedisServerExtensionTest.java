package io.github.idgen.test;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * Tests for {@link RedisServerExtension}: a static one serves all tests of a class, an
 * instance one each test, and both stop their server when that ends. Runs the classes
 * below with the JUnit launcher; they record the servers they saw. (Surefire runs them on
 * their own only when asked to by a pattern that names nested classes.)
 */
class RedisServerExtensionTest {

	private static final List<RedisServerProcess> seen = new ArrayList<>();

	private static final List<Boolean> answeredAfterwards = new ArrayList<>();

	@BeforeEach
	void forgetEarlierRuns() {
		seen.clear();
		answeredAfterwards.clear();
	}

	@Test
	void aStaticExtensionServesAllTestsOfTheClassAndStopsAfterThem() {
		run(PerClass.class);
		assertThat(seen).hasSize(2);
		assertThat(seen.get(1)).isSameAs(seen.get(0));
		assertThat(answeredAfterwards).as("the server still answered after the first test").containsExactly(true);
		assertThat(TestBackends.answers(seen.get(0).port())).as("answers after the class").isFalse();
	}

	@Test
	void anInstanceExtensionServesEachTestAndStopsAfterIt() {
		run(PerTest.class);
		assertThat(seen).hasSize(2);
		assertThat(seen.get(1)).isNotSameAs(seen.get(0));
		assertThat(answeredAfterwards).as("the first test's server answered after it").containsExactly(false);
		assertThat(TestBackends.answers(seen.get(1).port())).as("the second test's server answers after it").isFalse();
	}

	@Test
	void aClusterNodeHasClusterModeEnabled() {
		run(ClusterNode.class);
		assertThat(seen).hasSize(1);
	}

	private static void run(Class<?> testClass) {
		SummaryGeneratingListener listener = new SummaryGeneratingListener();
		LauncherFactory.create().execute(request().selectors(selectClass(testClass)).build(), listener);
		TestExecutionSummary summary = listener.getSummary();
		assertThat(summary.getFailures()).isEmpty();
		assertThat(summary.getTestsAbortedCount()).as("skipped, redis-server not installed?").isZero();
		assertThat(summary.getTestsSucceededCount()).isEqualTo(summary.getTestsFoundCount());
	}

	@TestMethodOrder(MethodOrderer.MethodName.class)
	static class PerClass {

		@RegisterExtension
		static final RedisServerExtension redis = new RedisServerExtension();

		@Test
		void first() {
			seen.add(redis.server());
			redis.server().template().opsForValue().set("key", "value");
		}

		@Test
		void second() {
			answeredAfterwards.add(TestBackends.answers(seen.get(0).port()));
			seen.add(redis.server());
		}

		@AfterAll
		static void serverStillRuns() {
			assertThat(redis.server().template().opsForValue().get("key")).isEqualTo("value");
		}

	}

	@TestMethodOrder(MethodOrderer.MethodName.class)
	static class PerTest {

		@RegisterExtension
		final RedisServerExtension redis = new RedisServerExtension();

		@AfterEach
		void serverStillRuns() {
			assertThat(TestBackends.answers(this.redis.server().port())).isTrue();
		}

		@Test
		void first() {
			seen.add(this.redis.server());
		}

		@Test
		void second() {
			answeredAfterwards.add(TestBackends.answers(seen.get(0).port()));
			seen.add(this.redis.server());
		}

	}

	static class ClusterNode {

		@RegisterExtension
		final RedisServerExtension node = RedisServerExtension.clusterNode();

		@Test
		void clusterModeIsEnabled() {
			seen.add(this.node.server());
			assertThat(this.node.server().info("cluster").getProperty("cluster_enabled")).isEqualTo("1");
			assertThat(this.node.server().cli("CLUSTER", "MYID").strip()).hasSize(40);
		}

	}

}
