/**
 * The idgen JDBC backend: {@code idgen.jdbc}, segments reserved from a table of the
 * application's DataSource, worker ID leases in a table of it, and that table as the
 * durable floor of another backend's counters. Depends on the root auto-configuration
 * package, idgen-core's {@code jdbc} package and Spring Boot's JDBC support.
 */
package io.github.idgen.autoconfigure.jdbc;
