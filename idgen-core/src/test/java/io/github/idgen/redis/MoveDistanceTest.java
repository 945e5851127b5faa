package io.github.idgen.redis;

import org.junit.jupiter.api.Test;

import io.github.idgen.BackendUnavailableException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * How far a counter that cannot be trusted moves: the jump, and as much again per minute
 * since its last reservation, by its stamp or else by this instance's last IDs; never on
 * a time that lies ahead of the server's clock.
 */
class MoveDistanceTest {

	private static final long NOW = 1_800_000_000_000L;

	private static final long JUMP = 1_000_000;

	@Test
	void movesByTheJumpAndAsMuchAgainPerMinuteSinceTheStamp() {
		assertThat(MoveDistance.of("order", JUMP, changed(NOW), null, "recover")).isEqualTo(JUMP);
		assertThat(MoveDistance.of("order", JUMP, changed(NOW - 60_000), null, "recover")).isEqualTo(2 * JUMP);
		assertThat(MoveDistance.of("order", JUMP, changed(NOW - 1), null, "recover"))
			.as("a millisecond's share, rounded up")
			.isEqualTo(JUMP + 17);
		assertThat(MoveDistance.of("order", JUMP, changed(NOW - 600_000), NOW - 1, "recover"))
			.as("the stamp counts first")
			.isEqualTo(11 * JUMP);
	}

	@Test
	void withoutAStampCountsFromTheInstancesLastIds() {
		assertThat(MoveDistance.of("order", JUMP, changed(null), NOW - 120_000, "recover")).isEqualTo(3 * JUMP);
		assertThat(MoveDistance.of("order", JUMP, changed(null), null, "recover")).isEqualTo(JUMP);
	}

	@Test
	void neverMovesFurtherThanTheLargestLong() {
		assertThat(MoveDistance.of("order", Long.MAX_VALUE / 2, changed(0L), null, "recover"))
			.isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void aStampAheadOfTheServersClockIsRefusedAsUnavailable() {
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> MoveDistance.of("order", JUMP, changed(NOW + 600_000), null, "recover"))
			.withMessageContaining("600000 ms behind the time of its last reservation (the time in its stamp");
	}

	/**
	 * The clock of the server stepped back after this instance last received IDs (or the
	 * server that served them ran ahead): the stamp, restored from a snapshot, lies
	 * behind the clock, but this instance knows of a later time and refuses to move by a
	 * distance shorter than a move made since.
	 */
	@Test
	void aTimeOfTheInstancesLastIdsAheadOfTheServersClockIsRefusedAsUnavailable() {
		assertThatExceptionOfType(BackendUnavailableException.class)
			.isThrownBy(() -> MoveDistance.of("order", JUMP, changed(NOW - 600_000), NOW + 5, "recover"))
			.withMessageContaining("5 ms behind the time of its last reservation (the time at which this instance "
					+ "last received its IDs");
	}

	private static ReserveScript.Result changed(Long stamped) {
		return new ReserveScript.Result(ReserveScript.Outcome.CHANGED, "", "100", "0", "100", "", "server", NOW,
				(stamped != null) ? Long.toString(stamped) : "");
	}

}
