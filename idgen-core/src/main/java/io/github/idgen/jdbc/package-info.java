/**
 * A segment store on a relational database, through plain JDBC: the store, its SQL
 * dialects and its schema scripts.
 */
package io.github.idgen.jdbc;
