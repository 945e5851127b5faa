package io.github.idgen.faults;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

import de.bwaldvogel.mongo.MongoBackend;

/**
 * Makes an in-JVM mongo-java-server handle one command at a time.
 * <p>
 * That server handles the commands of different connections concurrently, and its memory
 * backend does not make a {@code findAndModify} with {@code $inc} atomic: two connections
 * incrementing one document at once can both be told the same new value, which a real
 * MongoDB never does (it locks the document). Two generator instances have a connection
 * each, so without this the scenarios would find duplicates that are the test server's,
 * not the store's; the child processes of a scenario share one server the same way. A
 * dynamic proxy that runs every call of the backend under one lock serializes them as a
 * real server's document lock would for one counter.
 */
public final class SerializedMongoBackend implements InvocationHandler {

	private final MongoBackend backend;

	private SerializedMongoBackend(MongoBackend backend) {
		this.backend = backend;
	}

	/**
	 * Return a backend that passes every call to the given one, one call at a time.
	 * @param backend the backend to serialize
	 * @return the serialized backend
	 */
	public static MongoBackend of(MongoBackend backend) {
		return (MongoBackend) Proxy.newProxyInstance(MongoBackend.class.getClassLoader(),
				new Class<?>[] { MongoBackend.class }, new SerializedMongoBackend(backend));
	}

	@Override
	public synchronized Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(this.backend, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

}
