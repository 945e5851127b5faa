package io.github.idgen.test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.ThreadFactory;

/**
 * Virtual threads for code compiled for Java 17, reached by reflection: on Java 21 or
 * later they exist, before that {@link #supported()} is {@code false} and the other
 * methods throw {@link UnsupportedOperationException}. Tests that use them run only on
 * Java 21 or later and are tagged {@value #TAG}, which the build runs on a JDK of that
 * kind too.
 */
public final class VirtualThreads {

	/**
	 * The JUnit tag of the tests that need virtual threads.
	 */
	public static final String TAG = "virtual-threads";

	private static final Method IS_VIRTUAL = method(Thread.class, "isVirtual");

	private static final Method OF_VIRTUAL = method(Thread.class, "ofVirtual");

	private VirtualThreads() {
	}

	/**
	 * Return whether this JVM has virtual threads.
	 * @return whether it runs Java 21 or later
	 */
	public static boolean supported() {
		return IS_VIRTUAL != null;
	}

	/**
	 * Return whether a thread is virtual.
	 * @param thread the thread
	 * @return whether it is virtual; always {@code false} before Java 21
	 */
	public static boolean isVirtual(Thread thread) {
		return supported() && (boolean) invoke(IS_VIRTUAL, thread);
	}

	/**
	 * Return a factory of virtual threads named with a prefix and a number from 1.
	 * @param prefix the prefix of the names
	 * @return the factory
	 */
	public static ThreadFactory factory(String prefix) {
		requireSupported();
		try {
			Class<?> builder = Class.forName("java.lang.Thread$Builder");
			Object named = invoke(builder.getMethod("name", String.class, long.class), invoke(OF_VIRTUAL, null), prefix,
					1L);
			return (ThreadFactory) invoke(builder.getMethod("factory"), named);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void requireSupported() {
		if (!supported()) {
			throw new UnsupportedOperationException("Virtual threads need Java 21 or later");
		}
	}

	private static Method method(Class<?> type, String name) {
		try {
			return type.getMethod(name);
		}
		catch (NoSuchMethodException ex) {
			return null;
		}
	}

	private static Object invoke(Method method, Object target, Object... arguments) {
		try {
			return method.invoke(target, arguments);
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InvocationTargetException ex) {
			throw new IllegalStateException(ex.getCause());
		}
	}

}
