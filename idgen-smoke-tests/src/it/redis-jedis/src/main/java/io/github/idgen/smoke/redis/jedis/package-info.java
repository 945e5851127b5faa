/**
 * The Redis smoke application, with Jedis.
 */
package io.github.idgen.smoke.redis.jedis;
