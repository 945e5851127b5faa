/**
 * The JDBC smoke application.
 */
package io.github.idgen.smoke.jdbc;
