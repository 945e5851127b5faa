package io.github.idgen;

import java.io.IOException;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tests for {@link SequenceObserver#guarded(SequenceObserver)}: whatever an observer
 * throws is logged, but a {@link VirtualMachineError}, and an interrupt it throws away is
 * kept.
 */
class GuardedSequenceObserverTest {

	@Test
	void aCheckedExceptionThrownUndeclaredIsLoggedNotThrown() {
		SequenceObserver guarded = SequenceObserver.guarded(throwing(new IOException("metrics file: disk full")));
		assertThatNoException().isThrownBy(() -> guarded.waited("order", Duration.ofMillis(5)));
	}

	@Test
	void anInterruptedExceptionThrownUndeclaredKeepsTheThreadsInterrupt() {
		SequenceObserver guarded = SequenceObserver.guarded(throwing(new InterruptedException("sleep interrupted")));
		try {
			guarded.waited("order", Duration.ofMillis(5));
			assertThat(Thread.currentThread().isInterrupted()).as("the caller's interrupt, kept").isTrue();
		}
		finally {
			Thread.interrupted();
		}
	}

	@Test
	void aVirtualMachineErrorIsThrownOn() {
		SequenceObserver guarded = SequenceObserver.guarded(throwing(new StackOverflowError("observer recursed")));
		assertThatThrownBy(() -> guarded.waited("order", Duration.ofMillis(5))).isInstanceOf(StackOverflowError.class);
	}

	private static SequenceObserver throwing(Throwable failure) {
		return new SequenceObserver() {

			@Override
			public void waited(String sequence, Duration waited) {
				GuardedSequenceObserverTest.<RuntimeException>throwUndeclared(failure);
			}

		};
	}

	@SuppressWarnings("unchecked")
	private static <T extends Throwable> void throwUndeclared(Throwable failure) throws T {
		throw (T) failure;
	}

}
