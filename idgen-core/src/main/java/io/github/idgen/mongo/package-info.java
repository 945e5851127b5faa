/**
 * Stores on MongoDB, through Spring Data MongoDB: the
 * {@link io.github.idgen.mongo.MongoSegmentStore}, which keeps one counter document per
 * sequence and is also a stripe store of
 * {@link io.github.idgen.segment.striped.StripedSegmentStore}, and the
 * {@link io.github.idgen.mongo.MongoWorkerLeaseStore}, which leases Snowflake worker IDs.
 * <p>
 * Dependencies: {@code io.github.idgen}, the SPIs of {@code segment},
 * {@code segment.striped} and {@code worker}, Spring Data MongoDB and the MongoDB driver,
 * and the JDK.
 */
package io.github.idgen.mongo;
