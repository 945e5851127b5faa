package io.github.idgen.test;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import org.bson.Document;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.testcontainers.mongodb.MongoDBContainer;

import io.github.idgen.test.TestBackends.Resolution;

/**
 * The MongoDB backend of {@link TestBackends}, kept apart so that only the modules that
 * ask for MongoDB need Spring Data MongoDB on their test class path. It is resolved once
 * per JVM, from the first of these that applies:
 * <ol>
 * <li>{@code IDGEN_TEST_MONGO_URL}, a connection string such as
 * {@code mongodb://127.0.0.1:27017/idgen-test} (the database defaults to
 * {@code idgen-test}); one that does not work fails the tests;</li>
 * <li>a {@code mongo:7} Testcontainers container, a one-node replica set, when Docker is
 * available; one that does not start fails the tests;</li>
 * <li>a server on {@code 127.0.0.1:27017}, if something answers there;</li>
 * <li>otherwise the in-JVM <a href="https://github.com/bwaldvogel/mongo-java-server">
 * mongo-java-server</a> with its memory backend, started on a free port and kept until
 * the JVM ends, so MongoDB tests always run.</li>
 * </ol>
 * The client of the in-JVM server has a pool of exactly one connection, so that its
 * commands reach the server one at a time: under concurrent connections that server can
 * return the same {@code $inc} result to several {@code findAndModify} commands, which a
 * real MongoDB never does. Concurrency tests against it therefore check the store's
 * logic, not MongoDB's document locking; the container or a real server checks that. The
 * in-JVM server also rejects the {@code hello} command, so health checks use
 * {@code ping}.
 */
final class MongoBackends {

	private static final String URL = "IDGEN_TEST_MONGO_URL";

	private static final String DATABASE = "idgen-test";

	private static final int LOCAL_PORT = 27017;

	private static final int TIMEOUT_SECONDS = 10;

	private MongoBackends() {
	}

	static MongoTemplate template() {
		return Backend.BACKEND.require();
	}

	private static MongoTemplate template(String connectionString, int maxPoolSize) {
		ConnectionString connection = new ConnectionString(connectionString);
		MongoClientSettings settings = MongoClientSettings.builder()
			.applyConnectionString(connection)
			.applyToClusterSettings((cluster) -> cluster.serverSelectionTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS))
			.applyToSocketSettings((socket) -> socket.connectTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)
				.readTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS))
			.applyToConnectionPoolSettings((pool) -> pool.maxSize(maxPoolSize).minSize(1))
			.build();
		MongoClient client = MongoClients.create(settings);
		try {
			String database = (connection.getDatabase() != null) ? connection.getDatabase() : DATABASE;
			MongoTemplate template = new MongoTemplate(client, database);
			template.executeCommand(new Document("ping", 1));
			return template;
		}
		catch (RuntimeException ex) {
			client.close();
			throw ex;
		}
	}

	private static final class Backend {

		static final Resolution<MongoTemplate> BACKEND = resolve();

		private static Resolution<MongoTemplate> resolve() {
			String url = System.getenv(URL);
			if (url != null && !url.isBlank()) {
				return Resolution.of("MongoDB from " + URL, () -> template(url, 16), false);
			}
			if (TestBackends.Docker.AVAILABLE) {
				return Resolution.of("MongoDB from Testcontainers", () -> {
					MongoDBContainer container = new MongoDBContainer("mongo:7");
					container.start();
					return template(container.getReplicaSetUrl(DATABASE), 16);
				}, false);
			}
			if (TestBackends.answers(LOCAL_PORT)) {
				return Resolution.of("MongoDB on 127.0.0.1:" + LOCAL_PORT,
						() -> template("mongodb://127.0.0.1:" + LOCAL_PORT + "/" + DATABASE, 16), true);
			}
			return Resolution.of("MongoDB in the JVM (mongo-java-server, one pooled connection)", () -> {
				MongoServer server = new MongoServer(new MemoryBackend());
				InetSocketAddress address = server.bind();
				return template("mongodb://127.0.0.1:" + address.getPort() + "/" + DATABASE, 1);
			}, false);
		}

	}

}
