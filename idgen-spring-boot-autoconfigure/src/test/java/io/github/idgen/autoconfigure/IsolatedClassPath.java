package io.github.idgen.autoconfigure;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

/**
 * The test class path without some libraries, as an application that lacks them has it.
 * <p>
 * A task runs in a class loader of its own over the test class path minus every jar that
 * holds a class of the given packages; its parent is the platform class loader, so every
 * class the task uses, idgen's included, is loaded and linked anew against what is left.
 * Unlike a {@code FilteredClassLoader}, which only hides classes asked for by name, this
 * finds a missing type wherever it is referred to: a property type, a method signature or
 * a method body. The task and its result cross between the class loaders only as JDK
 * types.
 */
final class IsolatedClassPath {

	/**
	 * The packages of Spring Boot's JDBC support, spring-boot-sql and spring-jdbc.
	 */
	static final List<String> JDBC = List.of("org/springframework/boot/jdbc/", "org/springframework/boot/sql/",
			"org/springframework/jdbc/");

	/**
	 * The packages of Spring Data Redis, Spring Boot's Redis support, Lettuce and Jedis.
	 */
	static final List<String> REDIS = List.of("org/springframework/data/redis/", "org/springframework/boot/data/redis/",
			"io/lettuce/", "redis/clients/");

	/**
	 * The packages of Lettuce.
	 */
	static final List<String> LETTUCE = List.of("io/lettuce/");

	/**
	 * The packages of Spring Data MongoDB, Spring Boot's MongoDB support, the MongoDB
	 * driver and the in-JVM MongoDB server.
	 */
	static final List<String> MONGO = List.of("org/springframework/data/mongodb/",
			"org/springframework/boot/data/mongodb/", "org/springframework/boot/mongodb/", "com/mongodb/", "org/bson/",
			"de/bwaldvogel/");

	/**
	 * The packages of Spring Boot Actuator, its health and metrics support, and
	 * Micrometer's core.
	 */
	static final List<String> ACTUATOR = List.of("org/springframework/boot/actuate/",
			"org/springframework/boot/health/", "org/springframework/boot/micrometer/", "io/micrometer/core/");

	/**
	 * The packages of libraries that only some tests use and that the applications these
	 * tests stand for do not have, so every isolated class path leaves them out: Flyway,
	 * JPA (Jakarta Persistence, Hibernate, Spring ORM and Spring Boot's support), Spring
	 * Data JDBC (with Spring Data Relational and Spring Boot's support), R2DBC (the SPI,
	 * its drivers, Spring R2DBC, Spring Data R2DBC and Spring Boot's support) and MyBatis
	 * (with MyBatis-Spring and its Spring Boot starter).
	 */
	static final List<String> TEST_ONLY = List.of("org/flywaydb/", "org/springframework/boot/flyway/",
			"jakarta/persistence/", "org/hibernate/", "org/springframework/orm/", "org/springframework/boot/hibernate/",
			"org/springframework/boot/jpa/", "org/springframework/data/jdbc/", "org/springframework/data/relational/",
			"org/springframework/boot/data/jdbc/", "io/r2dbc/", "org/springframework/r2dbc/",
			"org/springframework/data/r2dbc/", "org/springframework/boot/r2dbc/",
			"org/springframework/boot/data/r2dbc/", "org/apache/ibatis/", "org/mybatis/");

	/**
	 * The packages of the classes of each jar read so far, as resource paths ending in
	 * {@code /}: the jars do not change while the tests run.
	 */
	private static final Map<File, Set<String>> PACKAGES = new ConcurrentHashMap<>();

	private final List<URL> classPath;

	private IsolatedClassPath(List<URL> classPath) {
		this.classPath = classPath;
	}

	/**
	 * Return the test class path without the jars that hold a class of any of the given
	 * packages or of {@link #TEST_ONLY}.
	 * @param packages resource paths of packages, such as {@code io/lettuce/}
	 * @return the class path
	 */
	@SafeVarargs
	static IsolatedClassPath without(List<String>... packages) {
		List<String> excluded = new ArrayList<>(TEST_ONLY);
		for (List<String> group : packages) {
			excluded.addAll(group);
		}
		List<URL> classPath = new ArrayList<>();
		for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
			File file = new File(entry);
			if (!(file.isFile() && holdsAny(file, excluded))) {
				classPath.add(url(file));
			}
		}
		return new IsolatedClassPath(Collections.unmodifiableList(classPath));
	}

	/**
	 * Run a task on this class path: its class is loaded by a class loader of its own,
	 * created with its public no-argument constructor and applied to the input.
	 * @param task the class of the task
	 * @param input the input
	 * @return the result of the task
	 * @throws Exception what the task threw
	 */
	@SuppressWarnings("unchecked")
	Map<String, String> run(Class<? extends Function<Map<String, String>, Map<String, String>>> task,
			Map<String, String> input) throws Exception {
		ClassLoader previous = Thread.currentThread().getContextClassLoader();
		try (URLClassLoader classLoader = new URLClassLoader(this.classPath.toArray(URL[]::new),
				ClassLoader.getPlatformClassLoader())) {
			Thread.currentThread().setContextClassLoader(classLoader);
			Function<Map<String, String>, Map<String, String>> isolated;
			try {
				isolated = (Function<Map<String, String>, Map<String, String>>) classLoader.loadClass(task.getName())
					.getConstructor()
					.newInstance();
			}
			catch (InvocationTargetException ex) {
				throw (ex.getCause() instanceof Exception cause) ? cause : ex;
			}
			return isolated.apply(input);
		}
		finally {
			Thread.currentThread().setContextClassLoader(previous);
		}
	}

	/**
	 * Return whether a class of the given name can be loaded from this class path.
	 * @param className the name of the class
	 * @return whether it can be loaded
	 * @throws IOException if the class loader could not be closed
	 */
	boolean hasClass(String className) throws IOException {
		try (URLClassLoader classLoader = new URLClassLoader(this.classPath.toArray(URL[]::new),
				ClassLoader.getPlatformClassLoader())) {
			classLoader.loadClass(className);
			return true;
		}
		catch (ClassNotFoundException ex) {
			return false;
		}
	}

	private static boolean holdsAny(File jar, List<String> packages) {
		return PACKAGES.computeIfAbsent(jar, IsolatedClassPath::packagesOf)
			.stream()
			.anyMatch((held) -> packages.stream().anyMatch(held::startsWith));
	}

	private static Set<String> packagesOf(File jar) {
		try (JarFile jarFile = new JarFile(jar)) {
			return jarFile.stream()
				.map(JarEntry::getName)
				.filter((name) -> name.endsWith(".class"))
				.map((name) -> name.substring(0, name.lastIndexOf('/') + 1))
				.collect(Collectors.toSet());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + jar, ex);
		}
	}

	private static URL url(File file) {
		try {
			return file.toURI().toURL();
		}
		catch (MalformedURLException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
