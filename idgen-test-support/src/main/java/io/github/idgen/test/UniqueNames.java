package io.github.idgen.test;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Names that no earlier test run used, so that tests on shared servers never meet rows or
 * keys that another run left behind.
 */
public final class UniqueNames {

	private UniqueNames() {
	}

	/**
	 * Return a prefix followed by a random suffix.
	 * @param prefix what the name starts with, such as the sequence's purpose
	 * @return {@code <prefix>-<random hex>}
	 */
	public static String uniqueName(String prefix) {
		return prefix + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
	}

}
