/**
 * Test support of idgen: the backends the tests run against
 * ({@link io.github.idgen.test.TestBackends}, a {@code redis-server} of a test's own), a
 * clock the test controls, concurrency helpers, and the history of every call with its
 * checker ({@code history}). Depends on idgen-core, JUnit and AssertJ; the store
 * libraries, drivers and Testcontainers are optional dependencies that a test adds for
 * its store.
 */
package io.github.idgen.test;
