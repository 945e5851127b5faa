package io.github.idgen.benchmarks;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * Strategy (d) of {@link EntityPersistenceBenchmark}: a random UUID key that Hibernate
 * generates before the insert ({@link GenerationType#UUID}), in the database's native
 * {@code uuid} column type.
 */
@Entity
@Table(name = "bench_orders_uuid")
class UuidOrder extends OrderRow {

	@Id
	@GeneratedValue(strategy = GenerationType.UUID)
	private UUID id;

	protected UuidOrder() {
	}

	UuidOrder(String customer, BigDecimal amount, Instant createdAt) {
		super(customer, amount, createdAt);
	}

}
