package io.github.idgen.faults.process;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ChildOptionsTest {

	@Test
	void aChildReadsBackWhatTheParentPassed() {
		ChildOptions passed = ChildOptions.empty()
			.with("url", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres")
			.with("threads", 2)
			.with("ttl", Duration.ofSeconds(3))
			.with("history", Path.of("/tmp/history"));

		ChildOptions read = ChildOptions.parse(passed.toArgs().toArray(String[]::new));

		assertThat(read.get("url")).isEqualTo("jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
		assertThat(read.getInt("threads")).isEqualTo(2);
		assertThat(read.getDuration("ttl")).isEqualTo(Duration.ofSeconds(3));
		assertThat(read.getPath("history")).isEqualTo(Path.of("/tmp/history"));
		assertThat(read.get("user", null)).isNull();
	}

	@Test
	void aMissingOptionIsNamed() {
		assertThatIllegalArgumentException().isThrownBy(() -> ChildOptions.empty().get("sequence"))
			.withMessageContaining("sequence");
	}

	@Test
	void anArgumentWithoutKeyIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> ChildOptions.parse(new String[] { "=value" }))
			.withMessageContaining("key=value");
	}

}
