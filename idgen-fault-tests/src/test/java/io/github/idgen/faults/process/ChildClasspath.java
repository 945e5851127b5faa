package io.github.idgen.faults.process;

import java.io.File;

/**
 * The class path of the child JVMs: the test class path of this JVM. Surefire starts its
 * fork with a manifest-only jar by default, so that {@code java.class.path} names only
 * that jar; the real class path is in {@code surefire.test.class.path} then.
 */
final class ChildClasspath {

	private ChildClasspath() {
	}

	/**
	 * Return the class path that holds the test classes and all their dependencies.
	 * @return the class path, in the platform's format
	 * @throws IllegalStateException if the class path found lacks this class's location
	 */
	static String get() {
		String classpath = System.getProperty("surefire.test.class.path");
		if (classpath == null || classpath.isBlank()) {
			classpath = System.getProperty("java.class.path");
		}
		String location = ChildClasspath.class.getProtectionDomain().getCodeSource().getLocation().getPath();
		String testClasses = new File(location).getAbsolutePath();
		for (String entry : classpath.split(File.pathSeparator)) {
			if (new File(entry).getAbsolutePath().equals(testClasses)) {
				return classpath;
			}
		}
		throw new IllegalStateException("The class path " + classpath + " does not hold the test classes in "
				+ testClasses + ": child JVMs could not run the generator");
	}

}
