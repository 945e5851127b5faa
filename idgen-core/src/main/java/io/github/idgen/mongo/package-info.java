/**
 * Stores on MongoDB, through Spring Data MongoDB: the
 * {@link io.github.idgen.mongo.MongoSegmentStore}, which keeps one counter document per
 * sequence.
 */
package io.github.idgen.mongo;
