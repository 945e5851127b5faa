package io.github.idgen.smoke.mongoreactive;

import java.net.InetSocketAddress;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * Smoke-only workaround: the machines that run the smoke tests have no MongoDB server, so
 * this launcher starts the in-JVM mongo-java-server on a free port, points
 * {@code spring.mongodb.uri} at it and starts {@link MongoReactiveSmokeApplication}.
 * The pools (of the synchronous driver, which idgen's counters use, and of the reactive
 * one) have one connection, since under concurrent connections the in-JVM server can
 * return duplicate {@code $inc} results. The server ends with the process.
 */
public final class InJvmMongoLauncher {

	private InJvmMongoLauncher() {
	}

	public static void main(String[] args) {
		MongoServer server = new MongoServer(new MemoryBackend());
		InetSocketAddress address = server.bind();
		System.setProperty("spring.mongodb.uri",
				"mongodb://" + address.getHostString() + ":" + address.getPort() + "/idgen-smoke?maxPoolSize=1");
		MongoReactiveSmokeApplication.main(args);
	}

}
