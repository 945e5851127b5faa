/**
 * Where a Snowflake instance gets its worker ID: the
 * {@link io.github.idgen.worker.WorkerId} itself, the
 * {@link io.github.idgen.worker.WorkerIdSpace} of a layout it must fit, and every source
 * of one: {@link io.github.idgen.worker.StaticWorkerIdSource} (configured),
 * {@link io.github.idgen.worker.KubernetesWorkerIdSource} (the StatefulSet ordinal) and,
 * for worker IDs leased with an expiry, the
 * {@link io.github.idgen.worker.WorkerLeaseStore} SPI and its
 * {@link io.github.idgen.worker.WorkerLease}. The stores live in the packages of their
 * databases ({@code jdbc}, {@code redis}, {@code mongo}).
 * <p>
 * The leased worker itself, {@code io.github.idgen.snowflake.LeasedWorker}, is not here:
 * what it does is issue IDs (it owns a generator per lease, fences every ID against the
 * lease's validity and horizon, and takes a new generator when it leases again), so it
 * sits with the other ID sources in {@code snowflake} and uses the store SPI of this
 * package.
 * <p>
 * Dependencies: {@code io.github.idgen} and the JDK only. Nothing here depends on
 * {@code snowflake}, which depends on this package; a layout is seen through
 * {@link io.github.idgen.worker.WorkerIdSpace}, which the Snowflake {@code BitLayout}
 * implements.
 */
package io.github.idgen.worker;
