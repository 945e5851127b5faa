package io.github.idgen.faults.network;

import java.util.concurrent.TimeUnit;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import org.springframework.data.mongodb.core.MongoTemplate;

import io.github.idgen.faults.SerializedMongoBackend;
import io.github.idgen.mongo.MongoSegmentStore;

/**
 * An in-JVM mongo-java-server (its commands serialized, see
 * {@link SerializedMongoBackend}) behind {@link TcpProxy TcpProxies}. Each client has a
 * pool of exactly one connection, gives up on server selection and on a connect after a
 * second, and checks the server every 100 ms while an operation waits for it, so that a
 * restored server is found soon.
 */
final class ProxiedMongo extends ProxiedBackend {

	static final String COLLECTION = "idgen_fnet_counters";

	private static final String DATABASE = "idgen-fnet";

	private final MongoServer server;

	private ProxiedMongo(MongoServer server, int port) {
		super("mongo", "127.0.0.1", port);
		this.server = server;
	}

	/**
	 * Start an in-JVM server on a free port.
	 * @return the backend
	 */
	static ProxiedMongo open() {
		MongoServer server = new MongoServer(SerializedMongoBackend.of(new MemoryBackend()));
		return new ProxiedMongo(server, server.bind().getPort());
	}

	@Override
	StoreClient connect(TcpProxy proxy) {
		MongoClientSettings settings = MongoClientSettings.builder()
			.applyConnectionString(new ConnectionString("mongodb://" + proxy.host() + ":" + proxy.port()))
			.applyToClusterSettings((cluster) -> cluster.serverSelectionTimeout(1, TimeUnit.SECONDS))
			.applyToSocketSettings(
					(socket) -> socket.connectTimeout(1, TimeUnit.SECONDS).readTimeout(10, TimeUnit.SECONDS))
			.applyToServerSettings((server) -> server.heartbeatFrequency(500, TimeUnit.MILLISECONDS)
				.minHeartbeatFrequency(100, TimeUnit.MILLISECONDS))
			.applyToConnectionPoolSettings((pool) -> pool.maxSize(1).minSize(0))
			.build();
		MongoClient client = MongoClients.create(settings);
		MongoTemplate template = new MongoTemplate(client, DATABASE);
		return new StoreClient(new MongoSegmentStore(template, COLLECTION, WriteConcern.MAJORITY), client);
	}

	@Override
	public void close() {
		super.close();
		this.server.shutdownNow();
	}

}
