package io.github.idgen.smoke.jpa;

import java.util.Set;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;

import org.springframework.boot.autoconfigure.SpringBootApplication;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.JdbcCounters;
import io.github.idgen.smoke.SavedEntities;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.StoreLibrary;

/**
 * An application with the idgen starter and spring-boot-starter-data-jpa on an embedded
 * H2 database: it draws IDs as every smoke application does, and persists entities whose
 * identifier Hibernate takes from idgen, from the sequence named after their table.
 */
@SpringBootApplication
public class JpaSmokeApplication {

	public static void main(String[] args) {
		SavedEntities orders = new SavedEntities(
				(context) -> context.getBean(Orders.class).save(new PlacedOrder("smoke")).getId(),
				(context) -> {
					try (EntityManager entityManager = context.getBean(EntityManagerFactory.class)
						.createEntityManager()) {
						return entityManager.createQuery("SELECT COUNT(o) FROM PlacedOrder o", Long.class)
							.getSingleResult();
					}
				});
		JdbcCounters counters = new JdbcCounters();
		System.exit(new SmokeRun("jpa", Backend.JDBC, Set.of(StoreLibrary.JDBC, StoreLibrary.JPA),
				(context, highest) -> counters.check(context, highest) + "; " + orders.check(context, highest))
			.run(JpaSmokeApplication.class, args));
	}

}
