package io.github.idgen.autoconfigure;

import java.security.SecureRandom;
import java.util.Base64;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests that {@link ObfuscationKey} accepts random keys: its checks for keys that are
 * obviously not random refuse none of 100,000 random keys of each length.
 */
class ObfuscationKeyTests {

	@ParameterizedTest
	@ValueSource(ints = { 16, 24, 32 })
	void randomKeysAreAccepted(int length) {
		SecureRandom random = new SecureRandom();
		byte[] key = new byte[length];
		for (int i = 0; i < 100_000; i++) {
			random.nextBytes(key);
			assertThat(ObfuscationKey.decode("idgen.obfuscation.key", Base64.getEncoder().encodeToString(key)))
				.isEqualTo(key);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "12345678901234567890123456789012", "31415926535897932384626433832795",
			"2026112820261129123456==", "1234567890123456789012345678901234567890123=" })
	void keysWhoseTextIsDigitsOnlyAreRefused(String key) {
		assertThatExceptionOfType(IdGeneratorConfigurationException.class)
			.isThrownBy(() -> ObfuscationKey.decode("idgen.obfuscation.key", key))
			.satisfies((ex) -> assertThat(ex.getDescription()).contains("not random"));
	}

}
