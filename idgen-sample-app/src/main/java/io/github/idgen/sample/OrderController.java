package io.github.idgen.sample;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonFormat;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.github.idgen.IdGenerator;

/**
 * Places orders ({@code POST /orders}) and lists the last ten ({@code GET /orders}).
 * Their identifiers go out as JSON strings: JavaScript numbers hold integers exactly only
 * up to 2^53, and idgen's IDs may be larger. Each order has an obfuscated daily order
 * number, shown next to the counter behind it, which idgen decodes with the sample's demo
 * key: a shop would keep the counter to itself.
 */
@RestController
class OrderController {

	private static final int MAX_CUSTOMER_LENGTH = 100;

	static final String ORDER_NUMBER = "order-number";

	private final OrderRepository orders;

	private final IdGenerator ids;

	private final Clock clock = Clock.systemUTC();

	OrderController(OrderRepository orders, IdGenerator ids) {
		this.orders = orders;
		this.ids = ids;
	}

	@PostMapping("/orders")
	@ResponseStatus(HttpStatus.CREATED)
	OrderView place(@RequestBody NewOrder order) {
		String customer = (order.customer() != null) ? order.customer().strip() : "";
		if (customer.isEmpty() || customer.length() > MAX_CUSTOMER_LENGTH) {
			throw new IllegalArgumentException(
					"customer must have between 1 and " + MAX_CUSTOMER_LENGTH + " characters");
		}
		String number = this.ids.nextFormattedId(ORDER_NUMBER);
		return view(this.orders.save(new Order(number, customer, Instant.now(this.clock))));
	}

	@GetMapping("/orders")
	List<OrderView> latest() {
		return this.orders.findTop10ByOrderByIdDesc().stream().map(this::view).toList();
	}

	private OrderView view(Order order) {
		String number = order.getOrderNumber();
		Long counter = (number != null) ? this.ids.decodeFormattedId(ORDER_NUMBER, number) : null;
		return new OrderView(order.getId(), number, counter, order.getCustomer(), order.getPlacedAt());
	}

	@ExceptionHandler(IllegalArgumentException.class)
	ProblemDetail invalid(IllegalArgumentException ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
	}

	/**
	 * An order to place.
	 *
	 * @param customer who places it
	 */
	record NewOrder(String customer) {
	}

	/**
	 * An order as JSON; {@code @JsonFormat(shape = STRING)} writes its 64-bit identifier
	 * as a string.
	 *
	 * @param id the identifier idgen drew
	 * @param orderNumber the obfuscated daily order number, {@code null} for an order
	 * placed before the sample had them
	 * @param counter the counter behind the order number that day, decoded with the key
	 * @param customer who placed it
	 * @param placedAt when
	 */
	record OrderView(@JsonFormat(shape = JsonFormat.Shape.STRING) long id, String orderNumber, Long counter,
			String customer, Instant placedAt) {

	}

}
