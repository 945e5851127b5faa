/**
 * The smoke application of the JDBC backend striped over several databases.
 */
package io.github.idgen.smoke.striped;
