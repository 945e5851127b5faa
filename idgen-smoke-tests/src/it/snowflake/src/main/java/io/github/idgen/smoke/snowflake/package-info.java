/**
 * The snowflake smoke application.
 */
package io.github.idgen.smoke.snowflake;
