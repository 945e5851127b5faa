package io.github.idgen.autoconfigure;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

import static io.github.idgen.autoconfigure.StartupFailures.invalidProperty;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Startup checks of {@code idgen.sequences.<name>.format} and {@code .reset}: the
 * date/time fields of a format are fixed-width numbers that identify the reset period,
 * and a name leaves room for the period in its counter names.
 */
class SequenceFormatStartupTests {

	private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class))
		.withPropertyValues("idgen.zone=" + ZONE.getId());

	@ParameterizedTest
	@CsvSource(delimiter = ';', quoteCharacter = '"',
			value = { "ORD{yyyyMMdd}{seq:6}; daily; 'ORD'yyyyMMdd; 000001", "{yyyyDDD}-{seq}; daily; yyyyDDD'-'; 1",
					"ORD{yyMMdd}{seq:4}; daily; 'ORD'yyMMdd; 0001", "INV{yyyyMM}{seq:5}; monthly; 'INV'yyyyMM; 00001",
					"{yyMM}-{seq}; monthly; yyMM'-'; 1", "{yyyy}/{seq}; yearly; yyyy'/'; 1",
					"{yy}{seq:3}; yearly; yy; 001", "ORD-{seq:8}; never; 'ORD-'; 00000001",
					"{MMdd}{seq:4}; never; MMdd; 0001" })
	void formatThatIdentifiesItsResetPeriodStarts(String format, String reset, String prefix, String value) {
		this.runner.withPropertyValues("idgen.sequences.order.format=" + format, "idgen.sequences.order.reset=" + reset)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				String today = LocalDate.now(ZONE).format(DateTimeFormatter.ofPattern(prefix, Locale.ROOT));
				assertThat(context.getBean(IdGenerator.class).nextFormattedId("order")).isEqualTo(today + value);
			});
	}

	@Test
	void formattedIdsTakeTheirDateFromTheClockNamedIdgenClock() {
		Instant instant = Instant.parse("2031-02-03T04:05:06Z");
		this.runner.withPropertyValues("idgen.sequences.order.format=ORD{yyyyMMdd}{seq:4}")
			.withBean(IdGeneratorAutoConfiguration.CLOCK, Clock.class, () -> Clock.fixed(instant, ZONE))
			.run((context) -> assertThat(context.getBean(IdGenerator.class).nextFormattedId("order"))
				.isEqualTo("ORD203102030001"));
	}

	@Test
	void anotherClockOfTheApplicationNeitherReplacesIdgensNorIsReplaced() {
		Clock applicationClock = Clock.fixed(Instant.parse("2031-02-03T04:05:06Z"), ZONE);
		this.runner.withPropertyValues("idgen.sequences.order.format=ORD{yyyyMMdd}{seq:4}")
			.withBean("applicationClock", Clock.class, () -> applicationClock)
			.run((context) -> {
				String today = LocalDate.now(ZONE).format(DateTimeFormatter.BASIC_ISO_DATE);
				assertThat(context.getBean(IdGenerator.class).nextFormattedId("order"))
					.isEqualTo("ORD" + today + "0001");
				assertThat(context.getBean(Clock.class)).isSameAs(applicationClock);
			});
	}

	@ParameterizedTest
	@CsvSource(delimiter = ';', quoteCharacter = '"',
			value = { "ORD{seq:6}; daily; ORD{yyyyMMdd}{seq:6}", "ORD{yyMM}{seq:4}; daily; ORD{yyyyMMdd}{seq:4}",
					"{yyyydd}{seq}; daily; {yyyyMMdd}{seq}", "{MMdd}{seq:4}; daily; {yyyyMMdd}{seq:4}",
					"INV{yyyy}{seq}; monthly; INV{yyyyMM}{seq}", "{MM}{seq}; monthly; {yyyyMM}{seq}",
					"N{MMdd}{seq}; yearly; N{yyyy}{seq}", "{seq}; yearly; {yyyy}{seq}" })
	void formatThatDoesNotIdentifyItsResetPeriodFailsNamingTheFormat(String format, String reset, String example) {
		this.runner.withPropertyValues("idgen.sequences.order.format=" + format, "idgen.sequences.order.reset=" + reset)
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context, "idgen.sequences.order.format");
				assertThat(failure.getValue()).isEqualTo(format);
				assertThat(failure.getDescription())
					.startsWith("idgen.sequences.order.format is '" + format + "' and idgen.sequences.order.reset is '"
							+ reset + "': Format '" + format + "' cannot be reset " + reset + ": ");
				assertThat(failure.getAction())
					.isEqualTo("Set idgen.sequences.order.format to a format whose date/time fields identify the "
							+ "period, such as '" + example + "', or set idgen.sequences.order.reset=never.");
			});
	}

	@ParameterizedTest
	@CsvSource(delimiter = ';', quoteCharacter = '"',
			value = { "{d}{seq}; never; write 'dd'", "ORD{yyMd}{seq:4}; daily; write 'MM'",
					"{YYYYMMdd}{seq}; daily; week-based year", "{YYYY}{seq}; yearly; week-based year",
					"{yyyyww}{seq}; never; week of week-based year", "{yyyyMMM}{seq}; monthly; write 'MM'",
					"{EEE}{seq}; never; is not a fixed-width number" })
	void formatWithAFieldThatCannotBeReadBackFailsNamingTheFormat(String format, String reset, String reason) {
		this.runner.withPropertyValues("idgen.sequences.order.format=" + format, "idgen.sequences.order.reset=" + reset)
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context, "idgen.sequences.order.format");
				assertThat(failure.getDescription())
					.startsWith("idgen.sequences.order.format is '" + format + "', which is not a valid format: ")
					.contains(reason);
				assertThat(failure.getAction()).startsWith("Fix idgen.sequences.order.format, for example "
						+ "'ORD{yyyyMMdd}{seq:6}': literal text, date/time fields of fixed-width numbers in braces");
			});
	}

	@Test
	void readmeSerialExampleStarts() {
		this.runner
			.withPropertyValues("idgen.sequences.serial.format={yyyyMMddHHmmssSSSSSS}{seq:2}",
					"idgen.sequences.serial.max-value=99", "idgen.sequences.serial.cycle=true",
					"idgen.sequences.serial.step=10", "idgen.sequences.serial.min-step=10")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.nextFormattedId("serial")).hasSize(22).endsWith("01");
				assertThat(ids.nextFormattedId("serial")).hasSize(22).endsWith("02");
			});
	}

	@ParameterizedTest
	@CsvSource({ "daily, 119", "monthly, 121", "yearly, 123" })
	void nameTooLongForItsPeriodCountersFailsAtStartup(String reset, int longest) {
		String longestName = "n".repeat(longest);
		this.runner
			.withPropertyValues("idgen.sequences." + longestName + ".format={yyyyMMdd}{seq}",
					"idgen.sequences." + longestName + ".reset=" + reset)
			.run((context) -> assertThat(context.getBean(IdGenerator.class).nextFormattedId(longestName))
				.endsWith("1"));
		String name = longestName + "n";
		String property = "idgen.sequences." + name + ".reset";
		this.runner.withPropertyValues("idgen.sequences." + name + ".format={yyyyMMdd}{seq}", property + "=" + reset)
			.run((context) -> {
				IdGeneratorConfigurationException failure = invalidProperty(context, property);
				assertThat(failure.getDescription()).startsWith(property + " is '" + reset + "': Sequence name 'nnn")
					.contains("(" + (longest + 1) + " characters) is too long for reset " + reset)
					.endsWith("use a name of at most " + longest + " characters.");
				assertThat(failure.getAction()).isEqualTo("Use a shorter name for the sequence under "
						+ "idgen.sequences, or set " + property + " to a longer period or never.");
			});
	}

}
