package io.github.idgen.benchmarks;

import java.math.BigDecimal;
import java.time.Instant;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

/**
 * Strategy (b) of {@link EntityPersistenceBenchmark}: the key from a database sequence
 * that Hibernate calls once per 50 keys (allocation size 50, with
 * {@code hibernate.id.optimizer.pooled.preferred=pooled-lo}).
 */
@Entity
@Table(name = "bench_orders_pooled_lo")
class PooledLoOrder extends OrderRow {

	@Id
	@GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "bench_pooled_lo")
	@SequenceGenerator(name = "bench_pooled_lo", sequenceName = "bench_orders_pooled_lo_seq", allocationSize = 50)
	private Long id;

	protected PooledLoOrder() {
	}

	PooledLoOrder(String customer, BigDecimal amount, Instant createdAt) {
		super(customer, amount, createdAt);
	}

}
