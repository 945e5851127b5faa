package io.github.idgen.test;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Starts and stops a {@link RedisServerProcess} for tests, registered with
 * {@link RegisterExtension @RegisterExtension}: <pre class="code">
 * &#064;RegisterExtension
 * static final RedisServerExtension redis = new RedisServerExtension();
 * </pre> A {@code static} field gives the tests of the class one server, stopped after
 * all of them; an instance field gives each test a server of its own, stopped after the
 * test (its {@code @AfterEach} methods included). A class may register several, one per
 * server it needs.
 * <p>
 * The server is started by the first call to {@link #server()}, from a test or an
 * {@code @BeforeEach} method, so that a test that needs none starts none. When
 * {@code redis-server} is not installed, that call skips the test (or fails it with
 * {@code IDGEN_TEST_REQUIRE_BACKENDS=true}), as {@link RedisServerProcess#start()} does.
 * Each test is skipped with the reason: Surefire would report a class skipped in
 * {@code @BeforeAll} as having no tests at all, without the reason, so call
 * {@link #server()} from a static {@code @BeforeAll} method only if that is acceptable.
 * <p>
 * A test may stop, restart or replicate the server; a per-class server stays as the test
 * left it for the next test.
 */
public final class RedisServerExtension implements BeforeAllCallback, AfterAllCallback, AfterEachCallback {

	private final boolean clusterNode;

	private int classes;

	private RedisServerProcess server;

	/**
	 * Create an extension for a server as {@link RedisServerProcess#start()} starts it.
	 */
	public RedisServerExtension() {
		this(false);
	}

	private RedisServerExtension(boolean clusterNode) {
		this.clusterNode = clusterNode;
	}

	/**
	 * Create an extension for a server with cluster mode enabled, as
	 * {@link RedisServerProcess#startClusterNode()} starts it.
	 * @return the extension
	 */
	public static RedisServerExtension clusterNode() {
		return new RedisServerExtension(true);
	}

	/**
	 * Return the server, started on the first call of the test (or, for a static field,
	 * of the class).
	 * @return the running server, unless a test stopped it
	 */
	public synchronized RedisServerProcess server() {
		if (this.server == null) {
			this.server = this.clusterNode ? RedisServerProcess.startClusterNode() : RedisServerProcess.start();
		}
		return this.server;
	}

	/**
	 * Keep the server for all tests of the class: only an extension in a static field (or
	 * of a class with a per-class test instance) is called here.
	 * @param context the context of the class
	 */
	@Override
	public synchronized void beforeAll(ExtensionContext context) {
		this.classes++;
	}

	/**
	 * Stop the server of a test, unless it is kept for all tests of the class.
	 * @param context the context of the test
	 */
	@Override
	public synchronized void afterEach(ExtensionContext context) {
		if (this.classes == 0) {
			close();
		}
	}

	/**
	 * Stop the server of the class, once the outermost class registered with it (of any
	 * {@code @Nested} ones) has ended.
	 * @param context the context of the class
	 */
	@Override
	public synchronized void afterAll(ExtensionContext context) {
		if (--this.classes == 0) {
			close();
		}
	}

	private void close() {
		if (this.server != null) {
			this.server.close();
			this.server = null;
		}
	}

}
