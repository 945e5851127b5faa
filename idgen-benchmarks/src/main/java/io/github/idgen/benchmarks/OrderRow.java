package io.github.idgen.benchmarks;

import java.math.BigDecimal;
import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;

/**
 * The columns every order of {@link EntityPersistenceBenchmark} has, whatever its key:
 * the tables of the strategies differ in the key alone.
 */
@MappedSuperclass
abstract class OrderRow {

	@Column(nullable = false, length = 64)
	private String customer;

	@Column(nullable = false, precision = 12, scale = 2)
	private BigDecimal amount;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	protected OrderRow() {
	}

	protected OrderRow(String customer, BigDecimal amount, Instant createdAt) {
		this.customer = customer;
		this.amount = amount;
		this.createdAt = createdAt;
	}

}
