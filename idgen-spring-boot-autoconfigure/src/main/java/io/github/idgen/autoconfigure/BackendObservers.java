package io.github.idgen.autoconfigure;

import org.springframework.beans.factory.ObjectProvider;

import io.github.idgen.SequenceObserver;

/**
 * Gives each idgen backend the {@link SequenceObserver} that hears of its fetches, waits,
 * clock jumps and new sequences. The metrics auto-configuration defines one; without a
 * bean of this type the backends are not observed.
 */
@FunctionalInterface
public interface BackendObservers {

	/**
	 * Observers that do nothing.
	 */
	BackendObservers NONE = (backend) -> SequenceObserver.NONE;

	/**
	 * Return the observer of a backend, the same one on every call.
	 * @param backend the backend
	 * @return its observer
	 */
	SequenceObserver observer(Backend backend);

	/**
	 * Return the observer of a backend from the context's observers, if it has them.
	 * @param observers the context's observers, if any
	 * @param backend the backend
	 * @return its observer, or one that does nothing
	 */
	static SequenceObserver of(ObjectProvider<BackendObservers> observers, Backend backend) {
		return observers.getIfAvailable(() -> NONE).observer(backend);
	}

}
