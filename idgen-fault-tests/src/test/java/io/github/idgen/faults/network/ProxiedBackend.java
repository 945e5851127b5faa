package io.github.idgen.faults.network;

import io.github.idgen.segment.SegmentStore;

/**
 * A backend that fault scenarios reach through a {@link TcpProxy} of its own, so that
 * they can cut it off or slow it down. Each {@link #connect()} creates a store on a
 * client (a connection pool) of its own, as another application server has.
 */
abstract class ProxiedBackend implements AutoCloseable {

	private final String name;

	private final TcpProxy proxy;

	ProxiedBackend(String name, TcpProxy proxy) {
		this.name = name;
		this.proxy = proxy;
	}

	/**
	 * Open the backend of the given name: {@code h2}, {@code postgresql},
	 * {@code mariadb}, {@code redis} or {@code mongo}. A backend that is not available
	 * skips the calling test, or fails it with {@code IDGEN_TEST_REQUIRE_BACKENDS=true}.
	 * @param name the backend's name
	 * @return the backend behind a proxy of its own
	 */
	static ProxiedBackend open(String name) {
		return switch (name) {
			case "h2" -> ProxiedJdbc.h2();
			case "postgresql" -> ProxiedJdbc.postgres();
			case "mariadb" -> ProxiedJdbc.mariaDb();
			case "redis" -> ProxiedRedis.open();
			case "mongo" -> ProxiedMongo.open();
			default -> throw new IllegalArgumentException("No backend named '" + name + "'");
		};
	}

	/**
	 * Return whether the backend of the given name is a relational database.
	 * @param name the backend's name
	 * @return whether it is reached through JDBC
	 */
	static boolean isJdbc(String name) {
		return name.equals("h2") || name.equals("postgresql") || name.equals("mariadb");
	}

	String name() {
		return this.name;
	}

	TcpProxy proxy() {
		return this.proxy;
	}

	/**
	 * Create a store on a new client of its own that reaches the backend through the
	 * proxy, configured to fail fast while the backend cannot be reached and to recover
	 * within a fraction of a second.
	 * @return the store and its client
	 */
	abstract StoreClient connect();

	/**
	 * Close the proxy; subclasses also stop what they started.
	 */
	@Override
	public void close() {
		this.proxy.close();
	}

	/**
	 * A store and the client it uses, closed together.
	 *
	 * @param store the store
	 * @param client the client the store uses
	 */
	record StoreClient(SegmentStore store, AutoCloseable client) implements AutoCloseable {

		@Override
		public void close() throws Exception {
			this.client.close();
		}

	}

}
