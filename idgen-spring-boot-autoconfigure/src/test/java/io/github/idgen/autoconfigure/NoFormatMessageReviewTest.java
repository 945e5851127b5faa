package io.github.idgen.autoconfigure;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.github.idgen.IdGenerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Review of issue 17's one message for a sequence without a format: the property it tells
 * the user to set must give that sequence a format.
 */
class NoFormatMessageReviewTest {

	private static final Pattern ADVICE = Pattern.compile("set (\\S+), such as");

	@Test
	void propertyNamedByTheMessageGivesTheSequenceAFormat() {
		String name = "orders/eu";
		String[] property = new String[1];
		HostileInputTests.Backend.H2.runner().run((context) -> {
			IdGenerator ids = context.getBean(IdGenerator.class);
			ids.nextId(name);
			assertThatIllegalStateException().isThrownBy(() -> ids.decodeFormattedId(name, "1"))
				.satisfies((ex) -> property[0] = advisedProperty(ex.getMessage()));
		});
		assertThat(property[0]).isNotNull();
		HostileInputTests.Backend.H2.runner()
			.withPropertyValues(property[0] + "=ORD{yyyyMMdd}{seq:6}")
			.run((context) -> {
				assertThat(context).as("context started with the advised property %s", property[0]).hasNotFailed();
				assertThat(context.getBean(IdGenerator.class).nextFormattedId(name)).startsWith("ORD");
			});
	}

	private static String advisedProperty(String message) {
		Matcher matcher = ADVICE.matcher(message);
		assertThat(matcher.find()).as(message).isTrue();
		return matcher.group(1);
	}

}
