/**
 * The Spring Data R2DBC smoke application: entities marked {@code @SequenceId}, saved
 * through R2DBC, with idgen's segments reached through JDBC.
 */
package io.github.idgen.smoke.r2dbc;
