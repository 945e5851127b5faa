package io.github.idgen.autoconfigure;

import io.github.idgen.SequenceObserver;
import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;

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

}
