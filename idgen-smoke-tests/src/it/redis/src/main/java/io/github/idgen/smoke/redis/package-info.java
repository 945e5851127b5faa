/**
 * The Redis smoke application, with Lettuce.
 */
package io.github.idgen.smoke.redis;
