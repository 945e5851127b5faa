package io.github.idgen.faults.process;

import java.io.File;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ChildClasspathTest {

	@Test
	void holdsTheTestClassesAndTheirDependencies() {
		String[] entries = ChildClasspath.get().split(File.pathSeparator);

		assertThat(Arrays.stream(entries).map((entry) -> new File(entry).getName())).contains("test-classes")
			.anyMatch((name) -> name.startsWith("junit-jupiter-api"))
			.anyMatch((name) -> name.startsWith("HikariCP"))
			.anyMatch((name) -> name.startsWith("h2-"));
	}

}
