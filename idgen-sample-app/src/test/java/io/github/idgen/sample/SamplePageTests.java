package io.github.idgen.sample;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Tests the sample's page {@code GET /} in headless Chromium against the real
 * {@code /actuator/idgen} endpoint: the rendered page lists the sequences with their
 * backend, segment fill and issued count, and the orders placed. Without Chromium at
 * {@value #CHROMIUM} the test is skipped, or fails when
 * {@code IDGEN_TEST_REQUIRE_BACKENDS=true}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "spring.datasource.url=jdbc:h2:file:./target/sample-page-test/${random.uuid}")
class SamplePageTests {

	private static final String CHROMIUM = "/usr/bin/chromium";

	private static final Pattern ORDER_ID = Pattern.compile("\"id\":\"([0-9]+)\"");

	private static final Pattern ORDER_NUMBER = Pattern
		.compile("\"orderNumber\":\"(ORD[0-9]{14})\",\"counter\":([0-9]+)");

	private static final Pattern ORDER_ROW = Pattern.compile("<tr data-sequence=\"order\">(.*?)</tr>");

	@LocalServerPort
	private int port;

	@TempDir
	private Path profile;

	@Test
	void pageShowsEverySequenceWithItsBackendFillAndIssuedCount() throws Exception {
		requireChromium();
		RestClient client = RestClient.create(base());
		client.get().uri("/ids/order?count=5").retrieve().toBodilessEntity();
		String dom = renderedDom(base() + "/");
		Matcher order = ORDER_ROW.matcher(dom);
		assertThat(order.find()).as("a row of sequence 'order' in %s", dom).isTrue();
		assertThat(order.group(1)).contains("<td class=\"name\">order</td>")
			.contains("<td class=\"backend\">jdbc</td>")
			.contains("<div class=\"bar\"")
			.containsPattern("<td class=\"number issued\">[0-9,]+</td>");
		assertThat(dom).doesNotContain("Cannot read /actuator/idgen");
	}

	@Test
	void pageListsTheOrdersPlacedWithTheirIdsNumbersAndCounters() throws Exception {
		requireChromium();
		RestClient client = RestClient.create(base());
		String placed = client.post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.body(Map.of("customer", "Ada"))
			.retrieve()
			.body(String.class);
		Matcher id = ORDER_ID.matcher(placed);
		assertThat(id.find()).as("an id in %s", placed).isTrue();
		String dom = renderedDom(base() + "/");
		Matcher number = ORDER_NUMBER.matcher(placed);
		assertThat(number.find()).as("an order number in %s", placed).isTrue();
		assertThat(dom).contains("<tr data-order=\"" + id.group(1) + "\"><td class=\"number order-id\">" + id.group(1)
				+ "</td><td class=\"order-number\">" + number.group(1) + "</td><td class=\"number counter\">"
				+ number.group(2) + "</td><td class=\"customer\">Ada</td>");
	}

	@Test
	void pageShowsAnIdAboveTwoToThe53Exactly() throws Exception {
		requireChromium();
		String dom = renderedDom(base() + "/");
		assertThat(dom).containsPattern("<span id=\"ticket\" class=\"number\">900719925474099[3-9]</span>")
			.contains("<span id=\"ticket-number\" class=\"number\">900719925474099");
		assertThat(dom).doesNotContain("<span id=\"ticket\" class=\"number\">9007199254740992</span>");
	}

	private String base() {
		return "http://localhost:" + this.port;
	}

	private static void requireChromium() {
		if (Files.isExecutable(Path.of(CHROMIUM))) {
			return;
		}
		String reason = "Chromium is not installed at " + CHROMIUM + " (apt-get install chromium)";
		if (Boolean.parseBoolean(System.getenv("IDGEN_TEST_REQUIRE_BACKENDS"))) {
			fail(reason + ", and IDGEN_TEST_REQUIRE_BACKENDS=true requires it");
		}
		assumeTrue(false, reason + ": skipping the sample page test");
	}

	private String renderedDom(String url) throws IOException, InterruptedException {
		Path log = this.profile.resolve("chromium.log");
		Process chromium = new ProcessBuilder(List.of(CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
				"--disable-background-networking", "--disable-quic", "--no-first-run", "--disable-component-update",
				"--disable-sync", "--user-data-dir=" + this.profile.resolve("profile"), "--virtual-time-budget=5000",
				"--dump-dom", url))
			.redirectError(log.toFile())
			.start();
		try {
			byte[] dom = chromium.getInputStream().readAllBytes();
			assertThat(chromium.waitFor(60, TimeUnit.SECONDS)).as("Chromium exited").isTrue();
			assertThat(chromium.exitValue()).as("Chromium's exit code; its log: %s", Files.readString(log)).isZero();
			return new String(dom, StandardCharsets.UTF_8);
		}
		finally {
			chromium.destroyForcibly();
		}
	}

}
