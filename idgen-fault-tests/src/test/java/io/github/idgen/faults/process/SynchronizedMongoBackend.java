package io.github.idgen.faults.process;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

import de.bwaldvogel.mongo.MongoBackend;

/**
 * Wraps a mongo-java-server {@link MongoBackend} so that it handles one call at a time.
 * <p>
 * Under concurrent connections that in-JVM server can return the same {@code $inc}
 * result to several {@code findAndModify} commands, which a real MongoDB never does. The
 * children of a scenario connect concurrently, from several processes, so the server
 * they share must serialize its command handling: a duplicate caused by the test server
 * would not be a product bug.
 */
final class SynchronizedMongoBackend {

	private SynchronizedMongoBackend() {
	}

	/**
	 * Return a backend that runs every call of {@code backend} under one lock.
	 * @param backend the backend to serialize
	 * @return the serialized backend
	 */
	static MongoBackend wrap(MongoBackend backend) {
		Object lock = new Object();
		return (MongoBackend) Proxy.newProxyInstance(MongoBackend.class.getClassLoader(),
				new Class<?>[] { MongoBackend.class }, (proxy, method, args) -> {
					synchronized (lock) {
						try {
							return method.invoke(backend, args);
						}
						catch (InvocationTargetException ex) {
							throw ex.getCause();
						}
					}
				});
	}

}
