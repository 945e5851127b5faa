package io.github.idgen.autoconfigure;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;

import io.github.idgen.DefaultIdGenerator;
import io.github.idgen.IdGenerator;
import io.github.idgen.SequenceInfo;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@code idgen.sequences.<name>.obfuscate} with {@code .key} or
 * {@code idgen.obfuscation.key}, and for {@code idgen.sequences.<name>.text}: what the
 * generator hands out and decodes, what two instances sharing a database hand out, and
 * the startup failures, none of which shows a key.
 */
class SequenceObfuscationTests {

	/**
	 * A key of 32 bytes, as {@code openssl rand -base64 32} writes one.
	 */
	static final String KEY = "ZyMCS2vdnq1nOOjUN3a0tq72ZHPANI0kXlCeDEEbK+Y=";

	private static final String OTHER_KEY = "0fqJCgcrbaSIiCpwSNDZlTTJICbAJkTlqqnTcVTbTis=";

	private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class))
		.withPropertyValues("idgen.zone=" + ZONE.getId(), "spring.datasource.url=jdbc:h2:mem:${random.uuid}");

	@Test
	void obfuscatedDailyNumbersKeepTheirWidthAndDecodeToTheirCounter() {
		this.runner
			.withPropertyValues("idgen.obfuscation.key=" + KEY, "idgen.sequences.order.format=ORD{yyyyMMdd}{seq:6}",
					"idgen.sequences.order.reset=daily", "idgen.sequences.order.obfuscate=true",
					"idgen.sequences.order.permutation=per-period")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				String today = "ORD" + LocalDate.now(ZONE).format(DateTimeFormatter.BASIC_ISO_DATE);
				Set<String> numbers = new HashSet<>();
				int ascending = 0;
				long previous = -1;
				for (int counter = 1; counter <= 2000; counter++) {
					String number = ids.nextFormattedId("order");
					assertThat(number).hasSize(17).startsWith(today);
					assertThat(numbers.add(number)).isTrue();
					assertThat(ids.decodeFormattedId("order", number)).isEqualTo(counter);
					long value = Long.parseLong(number.substring(11));
					ascending += (value > previous) ? 1 : 0;
					previous = value;
				}
				assertThat(ascending).as("ascending neighbours of 2000").isBetween(900, 1100);
				assertThat(((SequenceInfo) ids.sequence("order")).info()).containsEntry("obfuscated", true)
					.containsEntry("format", "ORD{yyyyMMdd}{seq:6}");
			});
	}

	@Test
	void sequenceKeyReplacesTheSharedOne() {
		String ownOtherKey = firstNumber("idgen.obfuscation.key=" + KEY, "idgen.sequences.order.key=" + OTHER_KEY);
		assertThat(ownOtherKey).isNotEqualTo(firstNumber("idgen.obfuscation.key=" + KEY))
			.isEqualTo(firstNumber("idgen.obfuscation.key=" + OTHER_KEY));
	}

	private String firstNumber(String... keys) {
		List<String> number = new ArrayList<>();
		this.runner.withPropertyValues(keys)
			.withPropertyValues("idgen.sequences.order.format={seq:8}", "idgen.sequences.order.obfuscate=true")
			.run((context) -> number.add(context.getBean(IdGenerator.class).nextFormattedId("order")));
		return number.get(0);
	}

	@Test
	void sequencesWithTheSameKeyPermuteDifferently() {
		this.runner
			.withPropertyValues("idgen.obfuscation.key=" + KEY, "idgen.sequences.a.format={seq:8}",
					"idgen.sequences.a.obfuscate=true", "idgen.sequences.b.format={seq:8}",
					"idgen.sequences.b.obfuscate=true")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				Set<String> numbers = new HashSet<>();
				for (int i = 0; i < 20; i++) {
					numbers.add(ids.nextFormattedId("a"));
					numbers.add(ids.nextFormattedId("b"));
				}
				assertThat(numbers).hasSize(40);
			});
	}

	@Test
	void twoInstancesWithTheSameKeyShareOneDatabaseWithoutDuplicates() throws Exception {
		ApplicationContextRunner shared = this.runner.withPropertyValues(
				"spring.datasource.url=jdbc:h2:mem:obfuscation-shared;DB_CLOSE_DELAY=-1",
				"idgen.obfuscation.key=" + KEY, "idgen.sequences.order.format=ORD{yyyyMMdd}{seq:7}",
				"idgen.sequences.order.reset=daily", "idgen.sequences.order.obfuscate=true",
				"idgen.sequences.order.permutation=per-period", "idgen.sequences.order.step=50",
				"idgen.sequences.order.min-step=50");
		List<String> numbers = new ArrayList<>();
		shared.run((first) -> shared.run((second) -> numbers.addAll(draw(List.of(first, second), 2, 5000))));
		assertThat(numbers).hasSize(20_000).doesNotHaveDuplicates();
		String today = "ORD" + LocalDate.now(ZONE).format(DateTimeFormatter.BASIC_ISO_DATE);
		assertThat(numbers).allSatisfy((number) -> assertThat(number).hasSize(18).startsWith(today));
	}

	private static List<String> draw(List<AssertableApplicationContext> contexts, int threadsEach, int idsEach)
			throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(contexts.size() * threadsEach);
		try {
			List<Future<List<String>>> draws = new ArrayList<>();
			for (ConfigurableApplicationContext context : contexts) {
				IdGenerator ids = context.getBean(IdGenerator.class);
				Callable<List<String>> draw = () -> {
					List<String> numbers = new ArrayList<>();
					for (int i = 0; i < idsEach; i++) {
						String number = ids.nextFormattedId("order");
						assertThat(ids.decodeFormattedId("order", number)).isPositive();
						numbers.add(number);
					}
					return numbers;
				};
				for (int thread = 0; thread < threadsEach; thread++) {
					draws.add(threads.submit(draw));
				}
			}
			List<String> all = new ArrayList<>();
			for (Future<List<String>> numbers : draws) {
				all.addAll(numbers.get());
			}
			return all;
		}
		finally {
			threads.shutdownNow();
		}
	}

	@Test
	void obfuscatedNumberOfAnotherFormatIsRefusedWithoutItsCounter() {
		this.runner
			.withPropertyValues("idgen.obfuscation.key=" + KEY, "idgen.sequences.order.format=ORD{seq:6}",
					"idgen.sequences.order.obfuscate=true")
			.run((context) -> assertThatIllegalArgumentException()
				.isThrownBy(() -> context.getBean(IdGenerator.class).decodeFormattedId("order", "INV123456"))
				.withMessage(
						"'INV123456' is not an ID of sequence 'order' with format 'ORD{seq:6}': the text before the"
								+ " value does not match the format"));
	}

	@Test
	void textFormIsUsedWhereNoFormatIsSet() {
		this.runner
			.withPropertyValues("idgen.sequences.ticket.text=base62", "idgen.sequences.ticket.start=9007199254740993",
					"idgen.sequences.code.text=crockford-base32")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				String ticket = ids.nextFormattedId("ticket");
				assertThat(ticket).hasSize(11);
				assertThat(ids.decodeFormattedId("ticket", ticket)).isEqualTo(9007199254740993L);
				String next = ids.nextFormattedId("ticket");
				assertThat(next).isGreaterThan(ticket);
				assertThat(ids.nextId("ticket")).isEqualTo(9007199254740995L);
				String code = ids.nextFormattedId("code");
				assertThat(code).isEqualTo("0000000000001");
				assertThat(ids.decodeFormattedId("code", "0000000000001")).isEqualTo(1);
				assertThatIllegalArgumentException().isThrownBy(() -> ids.decodeFormattedId("code", "000000000000i"))
					.withMessageEndingWith("the value is written 0000000000001, not as given");
				assertThat(((DefaultIdGenerator) ids).sequence("ticket")).isInstanceOf(SequenceInfo.class);
				assertThat(((SequenceInfo) ids.sequence("ticket")).info()).containsEntry("format", "{seq:base62}");
			});
	}

	@Test
	void obfuscateWithoutAKeyFailsNamingBothKeyProperties() {
		this.runner
			.withPropertyValues("idgen.sequences.order.format=ORD{seq:6}", "idgen.sequences.order.obfuscate=true")
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context, "idgen.sequences.order.obfuscate");
				assertThat(failure.getDescription()).isEqualTo("idgen.sequences.order.obfuscate is true, but neither "
						+ "idgen.sequences.order.key nor idgen.obfuscation.key is set.");
				assertThat(failure.getAction()).startsWith("Set idgen.obfuscation.key (or idgen.sequences.order.key) "
						+ "to the Base64 of 16, 24 or 32 random bytes, such as the output of 'openssl rand -base64 32'");
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "not base64 at all!", "c2VjcmV0", "MDEyMzQ1Njc4OWFiY2RlZg==x", "AAECAwQFBgcICQoLDA0O" })
	void keyThatIsNotBase64OfAnAesKeyFailsWithoutShowingIt(String key) {
		this.runner
			.withPropertyValues("idgen.sequences.order.format=ORD{seq:6}", "idgen.sequences.order.obfuscate=true",
					"idgen.sequences.order.key=" + key)
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context, "idgen.sequences.order.key");
				assertThat(failure.getDescription()).startsWith("idgen.sequences.order.key ")
					.containsAnyOf("is not Base64", "bytes, and a key has 16, 24 or 32");
				assertThat(failure.getValue()).isEqualTo("******");
				assertThat(context.getStartupFailure()).satisfies((ex) -> {
					for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
						assertThat(cause.getMessage()).doesNotContain(key);
					}
				});
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "ORD{seq}", "ORD{yyyyMMdd}{seq}-x", "{seq:base62}" })
	void formatWithoutAFixedDecimalWidthCannotBeObfuscated(String format) {
		this.runner
			.withPropertyValues("idgen.obfuscation.key=" + KEY, "idgen.sequences.order.format=" + format,
					"idgen.sequences.order.obfuscate=true")
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context, "idgen.sequences.order.format");
				assertThat(failure.getDescription()).contains("cannot be obfuscated");
				assertThat(failure.getAction()).contains("{seq:8}")
					.contains("or remove idgen.sequences.order.obfuscate");
			});
	}

	@Test
	void obfuscateWithoutAFormatFails() {
		this.runner.withPropertyValues("idgen.obfuscation.key=" + KEY, "idgen.sequences.order.obfuscate=true")
			.run((context) -> assertThat(invalidProperty(context, "idgen.sequences.order.obfuscate").getAction())
				.startsWith("Set idgen.sequences.order.format with a fixed width"));
	}

	@Test
	void keyWithoutObfuscateFailsWithoutShowingIt() {
		this.runner.withPropertyValues("idgen.sequences.order.format=ORD{seq:6}", "idgen.sequences.order.key=" + KEY)
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context, "idgen.sequences.order.key");
				assertThat(failure.getAction())
					.isEqualTo("Set idgen.sequences.order.obfuscate=true, or remove idgen.sequences.order.key.");
				assertThat(context.getStartupFailure().toString()).doesNotContain(KEY);
			});
	}

	@Test
	void textAndFormatTogetherFailNamingTheFormatThatHoldsBoth() {
		this.runner
			.withPropertyValues("idgen.sequences.order.format=ORD{yyyy}{seq:6}", "idgen.sequences.order.text=base62")
			.run((context) -> assertThat(invalidProperty(context, "idgen.sequences.order.text").getAction())
				.isEqualTo("Remove idgen.sequences.order.text, or remove it and write the value as text in the "
						+ "format, such as 'ORD{yyyy}{seq:base62}'."));
	}

	@Test
	void sharedKeyAloneStartsAndChangesNothing() {
		this.runner.withPropertyValues("idgen.obfuscation.key=" + KEY, "idgen.sequences.order.format=ORD{seq:6}")
			.run((context) -> assertThat(context.getBean(IdGenerator.class).nextFormattedId("order"))
				.isEqualTo("ORD000001"));
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 3, 5 })
	void widthBelowSixIsRefusedUnlessTheSmallDomainIsAllowed(int width) {
		ApplicationContextRunner small = this.runner.withPropertyValues("idgen.obfuscation.key=" + KEY,
				"idgen.sequences.order.format=ORD{seq:" + width + "}", "idgen.sequences.order.obfuscate=true");
		small.run((context) -> {
			IdGeneratorConfigurationException failure = invalidProperty(context,
					"idgen.sequences.order.allow-small-domain");
			assertThat(failure.getDescription()).contains("ORD{seq:" + width + "}").contains("below a million");
			assertThat(failure.getAction()).contains("{seq:6}")
				.contains("idgen.sequences.order.allow-small-domain=true");
		});
		small.withPropertyValues("idgen.sequences.order.allow-small-domain=true")
			.run((context) -> assertThat(context.getBean(IdGenerator.class).nextFormattedId("order"))
				.hasSize(3 + width));
	}

	@Test
	void smallDomainAllowedWithoutObfuscateFails() {
		this.runner
			.withPropertyValues("idgen.sequences.order.format=ORD{seq:3}",
					"idgen.sequences.order.allow-small-domain=true")
			.run((context) -> assertThat(
					invalidProperty(context, "idgen.sequences.order.allow-small-domain").getAction())
				.isEqualTo("Set idgen.sequences.order.obfuscate=true, or remove "
						+ "idgen.sequences.order.allow-small-domain."));
	}

	/**
	 * Keys that are Base64 of the right length but not random: a passphrase of lower-case
	 * Base64 letters (24 bytes), the Base64 of a printable passphrase, all bytes equal,
	 * bytes counting up, a short pattern repeated.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "correcthorsebatterystaplecorrect", "ORDERNUMBERSECRETKEYFORTHESHOPXX",
			"bXkgMzIgY2hhcmFjdGVyIGxvbmcgcGFzc3BocmFzZSE=", "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH",
			"CgsMDQ4PEBESExQVFhcYGQ==", "AQIDBAUGBwgBAgMEBQYHCAECAwQFBgcIAQIDBAUGBwg=",
			"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", "q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=" })
	void keyThatIsNotRandomIsRefusedWithoutShowingIt(String key) {
		this.runner
			.withPropertyValues("idgen.sequences.order.format=ORD{seq:8}", "idgen.sequences.order.obfuscate=true",
					"idgen.obfuscation.key=" + key)
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context, "idgen.obfuscation.key");
				assertThat(failure.getDescription()).startsWith("idgen.obfuscation.key ").contains("not random");
				assertThat(failure.getAction()).contains("openssl rand -base64 32");
				assertThat(failure.getValue()).isEqualTo("******");
				for (Throwable cause = context.getStartupFailure(); cause != null; cause = cause.getCause()) {
					assertThat(cause.getMessage()).doesNotContain(key);
				}
			});
	}

	@Test
	void randomKeysOfEachLengthAreAccepted() {
		java.security.SecureRandom random = new java.security.SecureRandom();
		for (int length : new int[] { 16, 24, 32 }) {
			for (int i = 0; i < 5; i++) {
				byte[] key = new byte[length];
				random.nextBytes(key);
				String text = java.util.Base64.getEncoder().encodeToString(key);
				assertThat(firstNumber("idgen.obfuscation.key=" + text)).as(text).hasSize(8);
			}
		}
	}

}
