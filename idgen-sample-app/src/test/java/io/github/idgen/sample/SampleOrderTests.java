package io.github.idgen.sample;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.client.RestClient;

import io.github.idgen.IdGenerator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests the sample's orders over HTTP: JPA entities whose identifiers idgen draws from
 * the sequence named after their table, sent to clients as JSON strings, and their
 * obfuscated daily order numbers.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "spring.datasource.url=jdbc:h2:file:./target/sample-order-test/${random.uuid}")
class SampleOrderTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private IdGenerator ids;

	@Test
	void placedOrdersGetIdsFromTheirSequenceAsJsonStrings() {
		String first = place("Ada");
		String second = place("Grace");
		assertThat(first).contains("\"id\":\"1\"").contains("\"customer\":\"Ada\"");
		assertThat(second).contains("\"id\":\"2\"");
		assertThat(this.jdbc.queryForList("SELECT id FROM orders ORDER BY id", Long.class)).containsExactly(1L, 2L);
		assertThat(
				this.jdbc.queryForObject("SELECT max_id FROM idgen_segment WHERE sequence_name = 'orders'", Long.class))
			.as("the segment the orders were drawn from")
			.isGreaterThanOrEqualTo(2);
		List<Map<String, Object>> latest = client().get()
			.uri("/orders")
			.retrieve()
			.body(new ParameterizedTypeReference<>() {
			});
		assertThat(latest).extracting((order) -> order.get("id")).containsExactly("2", "1");
	}

	@Test
	void ordersGetObfuscatedDailyNumbersThatDecodeToTheirCounter() {
		String today = "ORD" + LocalDate.now().format(DateTimeFormatter.BASIC_ISO_DATE);
		List<String> numbers = new ArrayList<>();
		long first = 0;
		for (int i = 0; i < 20; i++) {
			Map<String, Object> order = JsonPath.parse(place("Customer " + i)).read("$");
			String number = (String) order.get("orderNumber");
			assertThat(number).hasSize(17).startsWith(today);
			long counter = ((Number) order.get("counter")).longValue();
			first = (i == 0) ? counter : first;
			assertThat(counter).isEqualTo(first + i);
			assertThat(this.ids.decodeFormattedId("order-number", number)).isEqualTo(counter);
			numbers.add(number);
		}
		assertThat(numbers).doesNotHaveDuplicates().isNotEqualTo(numbers.stream().sorted().toList());
		assertThat(this.jdbc.queryForList("SELECT order_number FROM orders ORDER BY id", String.class))
			.containsSubsequence(numbers);
	}

	@Test
	void anOrderWithoutACustomerIsRejectedAndCostsNoId() {
		ResponseEntity<String> response = client().post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.body("{\"customer\":\"  \"}")
			.retrieve()
			.onStatus((status) -> true, (request, reply) -> {
			})
			.toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatusCode.valueOf(400));
		assertThat(response.getBody()).contains("customer must have between 1 and 100 characters");
	}

	private String place(String customer) {
		ResponseEntity<String> response = client().post()
			.uri("/orders")
			.contentType(MediaType.APPLICATION_JSON)
			.body(Map.of("customer", customer))
			.retrieve()
			.toEntity(String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatusCode.valueOf(201));
		return response.getBody();
	}

	private RestClient client() {
		return RestClient.create("http://localhost:" + this.port);
	}

}
