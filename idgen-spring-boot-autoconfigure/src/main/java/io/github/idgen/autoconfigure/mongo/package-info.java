/**
 * The idgen MongoDB backend: {@code idgen.mongo}, segments reserved from counter
 * documents through the application's MongoTemplate, and worker ID leases in a collection
 * of it. Depends on the root auto-configuration package, idgen-core's {@code mongo}
 * package and Spring Data MongoDB.
 */
package io.github.idgen.autoconfigure.mongo;
