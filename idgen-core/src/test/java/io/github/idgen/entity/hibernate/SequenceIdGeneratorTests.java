package io.github.idgen.entity.hibernate;

import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.junit.jupiter.api.Test;

import io.github.idgen.entity.SequenceId;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for {@link SequenceIdGenerator} in a Hibernate that has no bean container, as
 * Spring Data JPA's ahead-of-time processing builds one to plan repository queries.
 */
class SequenceIdGeneratorTests {

	@Test
	void mappingsBuildWithoutABeanContainerAndAnIdentifierFailsNamingIt() {
		StandardServiceRegistry registry = new StandardServiceRegistryBuilder()
			.applySetting("hibernate.connection.url", "jdbc:h2:mem:" + UUID.randomUUID())
			.applySetting("hibernate.hbm2ddl.auto", "create-drop")
			.build();
		try (SessionFactory factory = new MetadataSources(registry).addAnnotatedClass(Ticket.class)
			.buildMetadata()
			.buildSessionFactory(); Session session = factory.openSession()) {
			session.beginTransaction();
			assertThatIllegalStateException().isThrownBy(() -> session.persist(new Ticket()))
				.withMessage("@SequenceId on " + Ticket.class.getName() + ".id: Hibernate has no bean container to "
						+ "find the IdGenerator in. Use it in a Spring application, whose JPA auto-configuration "
						+ "gives Hibernate one; an EntityManagerFactory you build yourself needs the JPA property "
						+ "hibernate.resource.beans.container set to new SpringBeanContainer(beanFactory).");
		}
	}

	@Entity
	static class Ticket {

		@Id
		@SequenceId("ticket")
		Long id;

	}

}
