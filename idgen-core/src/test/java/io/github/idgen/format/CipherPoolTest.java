package io.github.idgen.format;

import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.crypto.Cipher;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link CipherPool}.
 */
class CipherPoolTest {

	private final AtomicInteger created = new AtomicInteger();

	private final CipherPool pool = new CipherPool(this::create);

	@Test
	void emptyPoolCreatesACipher() {
		assertThat(this.pool.take()).isNotNull();
		assertThat(this.created).hasValue(1);
	}

	@Test
	void cipherGivenBackIsTakenAgain() {
		Cipher cipher = this.pool.take();
		this.pool.give(cipher);
		assertThat(this.pool.take()).isSameAs(cipher);
		assertThat(this.created).hasValue(1);
	}

	@Test
	void poolKeepsFourCiphersPerProcessorAndDropsTheRest() {
		int size = 4 * Runtime.getRuntime().availableProcessors();
		List<Cipher> ciphers = new ArrayList<>();
		for (int i = 0; i < size + 1; i++) {
			ciphers.add(this.pool.take());
		}
		ciphers.forEach(this.pool::give);
		List<Cipher> taken = new ArrayList<>();
		for (int i = 0; i < size + 1; i++) {
			taken.add(this.pool.take());
		}
		assertThat(taken).doesNotHaveDuplicates();
		assertThat(ciphers).containsAll(taken.subList(0, size));
		assertThat(this.created).hasValue(size + 2);
	}

	private Cipher create() {
		this.created.incrementAndGet();
		try {
			return Cipher.getInstance("AES/ECB/NoPadding");
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
