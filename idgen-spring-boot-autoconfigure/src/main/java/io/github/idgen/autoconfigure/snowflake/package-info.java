/**
 * The idgen snowflake backend: {@code idgen.snowflake}, IDs composed in memory from time,
 * a worker ID and a sequence; the worker ID static, the StatefulSet ordinal, or leased
 * through the {@link io.github.idgen.autoconfigure.WorkerLeaseStoreFactory} of whichever
 * store the application has. Depends on the root auto-configuration package and
 * idgen-core's {@code snowflake} and {@code worker} packages; it names no store.
 */
package io.github.idgen.autoconfigure.snowflake;
