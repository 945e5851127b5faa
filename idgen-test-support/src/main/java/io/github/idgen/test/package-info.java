/**
 * Test support of idgen: the backends the tests run against
 * ({@link io.github.idgen.test.TestBackends}, a {@code redis-server} of a test's own,
 * {@link io.github.idgen.test.RedisServerProcess}, started and stopped by
 * {@link io.github.idgen.test.RedisServerExtension}), a clock the test controls
 * ({@link io.github.idgen.test.TestClock}), concurrency helpers, and the history of every
 * call with its checker ({@code history}). Depends on idgen-core, JUnit and AssertJ; the
 * store libraries, drivers and Testcontainers are optional dependencies that a test adds
 * for its store.
 */
package io.github.idgen.test;
