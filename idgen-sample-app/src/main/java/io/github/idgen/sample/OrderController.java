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

/**
 * Places orders ({@code POST /orders}) and lists the last ten ({@code GET /orders}).
 * Their identifiers go out as JSON strings: JavaScript numbers hold integers exactly only
 * up to 2^53, and idgen's IDs may be larger.
 */
@RestController
class OrderController {

	private static final int MAX_CUSTOMER_LENGTH = 100;

	private final OrderRepository orders;

	private final Clock clock = Clock.systemUTC();

	OrderController(OrderRepository orders) {
		this.orders = orders;
	}

	@PostMapping("/orders")
	@ResponseStatus(HttpStatus.CREATED)
	OrderView place(@RequestBody NewOrder order) {
		String customer = (order.customer() != null) ? order.customer().strip() : "";
		if (customer.isEmpty() || customer.length() > MAX_CUSTOMER_LENGTH) {
			throw new IllegalArgumentException(
					"customer must have between 1 and " + MAX_CUSTOMER_LENGTH + " characters");
		}
		return OrderView.of(this.orders.save(new Order(customer, Instant.now(this.clock))));
	}

	@GetMapping("/orders")
	List<OrderView> latest() {
		return this.orders.findTop10ByOrderByIdDesc().stream().map(OrderView::of).toList();
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
	 * @param customer who placed it
	 * @param placedAt when
	 */
	record OrderView(@JsonFormat(shape = JsonFormat.Shape.STRING) long id, String customer, Instant placedAt) {

		static OrderView of(Order order) {
			return new OrderView(order.getId(), order.getCustomer(), order.getPlacedAt());
		}

	}

}
