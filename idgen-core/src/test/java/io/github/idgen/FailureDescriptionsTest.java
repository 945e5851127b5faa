package io.github.idgen;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link FailureDescriptions}.
 */
class FailureDescriptionsTest {

	@Test
	void describesAFailureByItsTypeWithoutItsMessage() {
		assertThat(FailureDescriptions.describe(new IllegalStateException("host db.internal:5432 user admin")))
			.isEqualTo("IllegalStateException");
	}

	@Test
	void namesTheSqlStateAndVendorCodeOfAJdbcFailure() {
		SQLException failure = new SQLTransientConnectionException(
				"Connection to db.internal:5432 refused for user admin", "08001", 17);
		RuntimeException wrapped = new RuntimeException("wrapped: " + failure.getMessage(), failure);
		assertThat(FailureDescriptions.describe(wrapped))
			.isEqualTo("RuntimeException (SQLState 08001, vendor code 17) caused by SQLTransientConnectionException");
	}

	@Test
	void namesTheRootCause() {
		RuntimeException failure = new RuntimeException("Unable to connect to redis://:secret@cache:6379",
				new IllegalStateException("x", new ConnectException("cache/10.0.0.3:6379")));
		assertThat(FailureDescriptions.describe(failure)).isEqualTo("RuntimeException caused by ConnectException")
			.doesNotContain("secret", "cache", "6379");
	}

	@Test
	void endsOnACauseChainWithALoop() {
		IllegalStateException first = new IllegalStateException("a");
		IllegalArgumentException second = new IllegalArgumentException("b", first);
		first.initCause(second);
		assertThat(FailureDescriptions.describe(first))
			.isEqualTo("IllegalStateException caused by IllegalArgumentException");
	}

}
