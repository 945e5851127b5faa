package io.github.idgen.benchmarks;

import java.math.BigDecimal;
import java.time.Instant;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.github.idgen.entity.SequenceId;

/**
 * Strategy (a) of {@link EntityPersistenceBenchmark}: the key drawn from the idgen
 * sequence {@code bench_order} before the insert.
 */
@Entity
@Table(name = "bench_orders_sequence_id")
class SequenceIdOrder extends OrderRow {

	@Id
	@SequenceId("bench_order")
	private Long id;

	protected SequenceIdOrder() {
	}

	SequenceIdOrder(String customer, BigDecimal amount, Instant createdAt) {
		super(customer, amount, createdAt);
	}

}
