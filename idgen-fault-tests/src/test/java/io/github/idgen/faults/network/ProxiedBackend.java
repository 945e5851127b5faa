package io.github.idgen.faults.network;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.idgen.segment.SegmentStore;

/**
 * A backend that fault scenarios reach through {@link TcpProxy TcpProxies}, so that they
 * can cut it off or slow it down. Each {@link #connect()} creates a store on a client (a
 * connection pool) of its own, through a proxy of its own, as another application server
 * has with its own network path; {@link #cut()}, {@link #restore()} and
 * {@link #latency(Duration)} act on every proxy.
 */
abstract class ProxiedBackend implements AutoCloseable {

	private final String name;

	private final String host;

	private final int port;

	private final List<TcpProxy> proxies = new CopyOnWriteArrayList<>();

	ProxiedBackend(String name, String host, int port) {
		this.name = name;
		this.host = host;
		this.port = port;
	}

	/**
	 * Open the backend of the given name: {@code h2}, {@code postgresql},
	 * {@code mariadb}, {@code redis} or {@code mongo}. A backend that is not available
	 * skips the calling test, or fails it with {@code IDGEN_TEST_REQUIRE_BACKENDS=true}.
	 * @param name the backend's name
	 * @return the backend
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

	/**
	 * Create a store on a new client of its own that reaches the backend through a new
	 * proxy, configured to fail fast while the backend cannot be reached and to find it
	 * again soon.
	 * @return the store, its client and its proxy
	 */
	ProxiedStore connect() {
		TcpProxy proxy = TcpProxy.start(this.host, this.port);
		this.proxies.add(proxy);
		return new ProxiedStore(connect(proxy), proxy);
	}

	/**
	 * Create a store on a new client that reaches the backend through the given proxy.
	 * @param proxy the client's proxy
	 * @return the store and its client
	 */
	abstract StoreClient connect(TcpProxy proxy);

	/**
	 * Cut every client off the backend.
	 */
	void cut() {
		this.proxies.forEach(TcpProxy::cut);
	}

	/**
	 * Let every client reach the backend again.
	 */
	void restore() {
		this.proxies.forEach(TcpProxy::restore);
	}

	/**
	 * Add latency to every client's round trips.
	 * @param roundTrip the latency a round trip gains
	 */
	void latency(Duration roundTrip) {
		this.proxies.forEach((proxy) -> proxy.latency(roundTrip));
	}

	/**
	 * Close the proxies; subclasses also stop what they started.
	 */
	@Override
	public void close() {
		this.proxies.forEach(TcpProxy::close);
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

	/**
	 * A store on a client of its own and the proxy between the client and the backend.
	 *
	 * @param client the store and its client
	 * @param proxy the client's proxy
	 */
	record ProxiedStore(StoreClient client, TcpProxy proxy) {

	}

}
