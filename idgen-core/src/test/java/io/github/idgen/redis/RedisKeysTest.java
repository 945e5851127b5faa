package io.github.idgen.redis;

import io.lettuce.core.cluster.SlotHash;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link RedisKeys}.
 */
class RedisKeysTest {

	private final RedisKeys keys = new RedisKeys("idgen:");

	@Test
	void counterIsPrefixAndSequenceInBraces() {
		assertThat(this.keys.counter("order")).isEqualTo("idgen:{order}");
		assertThat(new RedisKeys("").counter("order")).isEqualTo("{order}");
		assertThat(new RedisKeys("app:ids:").counter("订单 2")).isEqualTo("app:ids:{订单 2}");
	}

	@Test
	void guardIsDerivedFromCounter() {
		assertThat(this.keys.guard("order")).isEqualTo("idgen:{order}:guard");
		assertThat(this.keys.cycle("order")).isEqualTo("idgen:{order}:cycle");
	}

	@Test
	void keysOfOneSequenceLieInOneClusterSlot() {
		for (String sequence : new String[] { "order", "invoice", "订单", "a:b", "x".repeat(128) }) {
			int slot = SlotHash.getSlot(this.keys.counter(sequence));
			assertThat(SlotHash.getSlot(this.keys.guard(sequence))).as(sequence).isEqualTo(slot);
			assertThat(SlotHash.getSlot(this.keys.cycle(sequence))).as(sequence).isEqualTo(slot);
			assertThat(SlotHash.getSlot(sequence)).as(sequence).isEqualTo(slot);
		}
		assertThat(SlotHash.getSlot(this.keys.counter("order")))
			.isNotEqualTo(SlotHash.getSlot(this.keys.counter("invoice")));
	}

	@Test
	void sequenceWithBraceIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.counter("a{b"))
			.withMessageContaining("'{' or '}'")
			.withMessageContaining("hash tag")
			.withMessageContaining("a{b");
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.guard("a}b"))
			.withMessageContaining("'{' or '}'");
		assertThatIllegalArgumentException().isThrownBy(() -> RedisKeys.validateSequence("{}"));
	}

	@Test
	void sequenceInvalidAsSequenceNameIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.counter(null)).withMessageContaining("empty");
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.counter("")).withMessageContaining("empty");
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.counter("x".repeat(129)))
			.withMessageContaining("at most 128");
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.counter("tab\there"))
			.withMessageContaining("control characters");
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.counter("nul\u0000"))
			.withMessageContaining("control characters");
		assertThatIllegalArgumentException().isThrownBy(() -> this.keys.counter("c1\u0085"))
			.withMessageContaining("control characters");
	}

	@Test
	void longestValidNameIsAccepted() {
		assertThat(RedisKeys.validateSequence("订".repeat(128))).hasSize(128);
	}

	@Test
	void prefixWithBraceIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisKeys("ids{"))
			.withMessageContaining("prefix")
			.withMessageContaining("'{' or '}'");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisKeys("}"));
	}

	@Test
	void prefixWithControlCharacterOrNullIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisKeys("ids\n"))
			.withMessageContaining("control characters");
		assertThatIllegalArgumentException().isThrownBy(() -> new RedisKeys(null)).withMessageContaining("null");
	}

}
