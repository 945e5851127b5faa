package io.github.idgen.snowflake;

/**
 * Tells a {@link SnowflakeGenerator} its {@link WorkerId}. Implementations decide how:
 * from configuration ({@link StaticWorkerIdSource}) or from where the instance runs
 * ({@link KubernetesWorkerIdSource}). A source that can lose its worker ID, such as one
 * that leases it from a store, needs more than this interface (renewal, release and a
 * check on every ID) and adds it itself.
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
