package io.github.idgen.autoconfigure.entity;

import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;
import org.springframework.orm.jpa.vendor.HibernateJpaVendorAdapter;
import org.springframework.orm.jpa.hibernate.SpringBeanContainer;

import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.entity.jpa.manual.ManualOrder;
import io.github.idgen.test.TestBackends;

import static io.github.idgen.autoconfigure.entity.PersistedEntities.persist;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@link io.github.idgen.entity.SequenceId} on the entities of an
 * {@link EntityManagerFactory} the application builds itself, without Spring Boot's JPA
 * auto-configuration: what does not work fails at startup, as with Spring Boot's.
 */
class JpaSequenceIdManualFactoryTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of())
		.withBean(DataSource.class, TestBackends::h2);

	@Test
	void aFactoryWithoutABeanContainerFailsAtStartupNamingTheFix() {
		this.runner.withUserConfiguration(WithoutBeanContainer.class).run((context) -> {
			failsAtStartup(context, "@SequenceId on " + ManualOrder.class.getName() + ".id",
					"hibernate.resource.beans.container", "SpringBeanContainer");
		});
	}

	@Test
	void aFactoryWithABeanContainerDrawsIds() {
		this.runner.withUserConfiguration(WithBeanContainer.class).run((context) -> {
			assertThat(context).hasNotFailed();
			List<ManualOrder> orders = persist(context, 2, (i) -> new ManualOrder(null, "order"));
			assertThat(orders).extracting(ManualOrder::getId).containsExactly(1L, 2L);
		});
	}

	@Test
	void theSequenceRulesApplyToAFactoryBuiltByHand() {
		this.runner.withUserConfiguration(WithBeanContainer.class)
			.withPropertyValues("idgen.unknown-sequences=reject")
			.run((context) -> failsAtStartup(context, "@SequenceId on " + ManualOrder.class.getName() + ".id",
					"manual_orders", "idgen.unknown-sequences"));
	}

	@Test
	void switchedOffAFactoryBuiltByHandFailsAtStartup() {
		this.runner.withUserConfiguration(WithBeanContainer.class)
			.withPropertyValues("idgen.entities.jpa.enabled=false")
			.run((context) -> failsAtStartup(context, "@SequenceId on " + ManualOrder.class.getName() + ".id",
					"idgen.entities.jpa.enabled"));
	}

	private static void failsAtStartup(AssertableApplicationContext context, String... message) {
		if (context.getStartupFailure() == null) {
			Throwable insert = catchThrowable(() -> persist(context, 1, (i) -> new ManualOrder(null, "order")));
			assertThat(context).as("started, and the first insert threw " + insert).hasFailed();
		}
		assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
			.hasMessageContainingAll(message);
	}

	private static LocalContainerEntityManagerFactoryBean factory(DataSource dataSource,
			Map<String, Object> properties) {
		LocalContainerEntityManagerFactoryBean factory = new LocalContainerEntityManagerFactoryBean();
		factory.setDataSource(dataSource);
		factory.setJpaVendorAdapter(new HibernateJpaVendorAdapter());
		factory.setPackagesToScan(ManualOrder.class.getPackageName());
		factory.getJpaPropertyMap().put("hibernate.hbm2ddl.auto", "create-drop");
		factory.getJpaPropertyMap().putAll(properties);
		return factory;
	}

	@Configuration(proxyBeanMethods = false)
	static class WithoutBeanContainer {

		@Bean
		LocalContainerEntityManagerFactoryBean entityManagerFactory(DataSource dataSource) {
			return factory(dataSource, Map.of());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class WithBeanContainer {

		@Bean
		LocalContainerEntityManagerFactoryBean entityManagerFactory(DataSource dataSource,
				ConfigurableListableBeanFactory beans) {
			return factory(dataSource, Map.of("hibernate.resource.beans.container", new SpringBeanContainer(beans)));
		}

	}

}
