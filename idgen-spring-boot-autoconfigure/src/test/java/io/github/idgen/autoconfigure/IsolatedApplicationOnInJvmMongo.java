package io.github.idgen.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * {@link IsolatedApplication} on an in-JVM MongoDB server of its own, with a pool of one
 * connection (under concurrent connections the in-JVM server can return duplicate
 * {@code $inc} results).
 */
public class IsolatedApplicationOnInJvmMongo extends IsolatedApplication {

	@Override
	public Map<String, String> apply(Map<String, String> properties) {
		MongoServer server = new MongoServer(new MemoryBackend());
		try {
			int port = server.bind().getPort();
			Map<String, String> withMongo = new LinkedHashMap<>(properties);
			withMongo.put("spring.mongodb.uri", "mongodb://127.0.0.1:" + port + "/idgen?maxPoolSize=1");
			return super.apply(withMongo);
		}
		finally {
			server.shutdownNow();
		}
	}

}
