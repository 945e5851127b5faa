package io.github.idgen.benchmarks;

import java.math.BigDecimal;
import java.time.Instant;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * Strategy (c) of {@link EntityPersistenceBenchmark}: the key an identity column assigns
 * on insert, which Hibernate reads back from each insert, so it cannot batch them.
 */
@Entity
@Table(name = "bench_orders_identity")
class IdentityOrder extends OrderRow {

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	protected IdentityOrder() {
	}

	IdentityOrder(String customer, BigDecimal amount, Instant createdAt) {
		super(customer, amount, createdAt);
	}

}
