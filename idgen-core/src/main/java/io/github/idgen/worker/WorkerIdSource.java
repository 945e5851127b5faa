package io.github.idgen.worker;

/**
 * Tells a Snowflake generator its {@link WorkerId}, for as long as the instance runs.
 * Implementations decide how: from configuration ({@link StaticWorkerIdSource}) or from
 * where the instance runs ({@link KubernetesWorkerIdSource}). A worker ID leased from a
 * {@link WorkerLeaseStore} can be lost, so it needs more than this interface (renewal,
 * release and a check on every ID): the Snowflake {@code LeasedWorker} adds that.
 */
@FunctionalInterface
public interface WorkerIdSource {

	/**
	 * Return the worker ID of this instance.
	 * @return the worker ID, which fits the layout the source was created for
	 * @throws IllegalStateException if the worker ID cannot be determined, with the
	 * reason
	 */
	WorkerId workerId();

}
