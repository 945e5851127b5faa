package io.github.idgen.autoconfigure.entity.mappings;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import javax.sql.DataSource;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.SessionFactory;
import org.hibernate.StatelessSession;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.test.util.ReflectionTestUtils;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdGeneratorAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcBackendAutoConfiguration;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.autoconfigure.entity.mappings.acronym.Acronym;
import io.github.idgen.autoconfigure.entity.mappings.assigned.AssignedOrder;
import io.github.idgen.autoconfigure.entity.mappings.cycle.CyclingOrder;
import io.github.idgen.autoconfigure.entity.mappings.daily.DailyOrder;
import io.github.idgen.autoconfigure.entity.mappings.embedded.Parcel;
import io.github.idgen.autoconfigure.entity.mappings.embeddedid.Shipment;
import io.github.idgen.autoconfigure.entity.mappings.embeddedtext.Waybill;
import io.github.idgen.autoconfigure.entity.mappings.generic.GenericOrder;
import io.github.idgen.autoconfigure.entity.mappings.hostile.AuditEntry;
import io.github.idgen.autoconfigure.entity.mappings.idclass.OrderLine;
import io.github.idgen.autoconfigure.entity.mappings.joined.Car;
import io.github.idgen.autoconfigure.entity.mappings.joined.Truck;
import io.github.idgen.autoconfigure.entity.mappings.joined.Vehicle;
import io.github.idgen.autoconfigure.entity.mappings.lazy.LazyNotIdOrder;
import io.github.idgen.autoconfigure.entity.mappings.plain.PlainOrder;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.TestClock;

import static io.github.idgen.autoconfigure.entity.PersistedEntities.persist;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Tests for {@link io.github.idgen.entity.SequenceId} on the JPA mappings beyond a plain
 * entity, through Spring Boot's Hibernate auto-configuration: sequences that would repeat
 * an identifier, configurations and names only the first insert would otherwise find
 * wrong, annotations where Hibernate would ignore them, and the valid mappings (composite
 * identifiers, inheritance, generic and property-access identifiers) that must work. Each
 * test scans only its own entity package.
 */
class JpaSequenceIdMappingTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(IdgenAutoConfigurations.of(HibernateJpaAutoConfiguration.class))
		.withPropertyValues("spring.jpa.hibernate.ddl-auto=create-drop",
				"spring.jpa.properties.hibernate.jdbc.batch_size=50");

	private ApplicationContextRunner onH2(Class<?> entities) {
		return this.runner.withUserConfiguration(entities).withBean(DataSource.class, TestBackends::h2);
	}

	// --- A Long id drawn from a sequence whose IDs repeat ------------------------------

	/**
	 * A Long id from a formatted sequence with a daily reset would take nextId, the
	 * counter of the current day, which starts again at 1 every day: the second day's
	 * orders would get the first day's ids. It fails at startup instead.
	 */
	@Test
	void aLongIdFromADailyResetSequenceFailsAtStartupRatherThanRepeatTheNextDay() {
		TestClock clock = new TestClock(Instant.parse("2026-03-01T10:00:00Z"));
		onH2(DailyEntities.class).withBean("idgenClock", Clock.class, () -> clock)
			.withPropertyValues("idgen.zone=UTC", "idgen.sequences.stamp.format=ST{yyyyMMdd}{seq:6}",
					"idgen.sequences.stamp.reset=daily")
			.run((context) -> {
				if (context.getStartupFailure() != null) {
					assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
						.hasMessageContaining(DailyOrder.class.getName() + ".id");
					return;
				}
				List<Long> firstDay = ids(persist(context, 2, (i) -> new DailyOrder()), DailyOrder::getId);
				assertThat(firstDay).containsExactly(1L, 2L);
				clock.advance(Duration.ofDays(1));
				assertThatCode(() -> persist(context, 1, (i) -> new DailyOrder()))
					.as("an order on the next day, after ids " + firstDay)
					.doesNotThrowAnyException();
			});
	}

	/**
	 * A Long id from a sequence with cycle=true would get the ids of the first cycle
	 * again once max-value is reached: a primary key must not. It fails at startup
	 * instead.
	 */
	@Test
	void aLongIdFromACyclingSequenceFailsAtStartupRatherThanRepeat() {
		onH2(CycleEntities.class)
			.withPropertyValues("idgen.sequences.small.max-value=3", "idgen.sequences.small.cycle=true",
					"idgen.sequences.small.step=3", "idgen.sequences.small.min-step=3")
			.run((context) -> {
				if (context.getStartupFailure() != null) {
					assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
						.hasMessageContaining(CyclingOrder.class.getName() + ".id");
					return;
				}
				List<Long> ids = new ArrayList<>(
						ids(persist(context, 3, (i) -> new CyclingOrder()), CyclingOrder::getId));
				assertThatCode(
						() -> ids.addAll(ids(persist(context, 1, (i) -> new CyclingOrder()), CyclingOrder::getId)))
					.as("a fourth order, after ids " + ids)
					.doesNotThrowAnyException();
			});
	}

	// --- Configuration mistakes that surface on the first insert only ------------------

	/**
	 * idgen.enabled=false with entities marked @SequenceId fails at startup, as
	 * idgen.entities.enabled=false does, rather than on the first insert.
	 */
	@Test
	void idgenSwitchedOffWithMarkedEntitiesFailsAtStartup() {
		onH2(PlainEntities.class).withPropertyValues("idgen.enabled=false").run((context) -> {
			if (context.getStartupFailure() == null) {
				Throwable insert = catchPersist(context);
				assertThat(context).as("started, and the first insert threw " + insert).hasFailed();
			}
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.hasMessageContaining(PlainOrder.class.getName() + ".id");
		});
	}

	/**
	 * With idgen.unknown-sequences=reject, a sequence an entity draws from (here the
	 * default, its table name) that is not configured fails at startup, not on the first
	 * insert.
	 */
	@Test
	void aRejectedSequenceOfAnEntityFailsAtStartup() {
		onH2(PlainEntities.class).withPropertyValues("idgen.unknown-sequences=reject").run((context) -> {
			if (context.getStartupFailure() == null) {
				Throwable insert = catchPersist(context);
				assertThat(context).as("started, and the first insert threw " + insert).hasFailed();
			}
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.hasMessageContainingAll(PlainOrder.class.getName() + ".id", "mapped_plain_orders");
		});
	}

	/**
	 * The default sequence is the table name as mapped; a (quoted) table name that is not
	 * a valid sequence name (here with '@', reserved) fails at startup.
	 */
	@Test
	void aTableNameThatIsNoValidSequenceNameFailsAtStartup() {
		onH2(HostileEntities.class).run((context) -> {
			if (context.getStartupFailure() == null) {
				Throwable insert = catchPersist(context, new AuditEntry());
				assertThat(context).as("started, and the first insert threw " + insert).hasFailed();
			}
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.hasMessageContaining(AuditEntry.class.getName() + ".id");
		});
	}

	/**
	 * @SequenceId in an @Embeddable that is no identifier marks a property Hibernate
	 * would leave null: it fails at startup.
	 */
	@Test
	void anAnnotationInAnEmbeddableFailsAtStartup() {
		onH2(EmbeddedEntities.class).run((context) -> {
			if (context.getStartupFailure() == null) {
				List<Parcel> parcels = persist(context, 1, (i) -> new Parcel());
				assertThat(context).as("started; the parcel's tracking is " + parcels.get(0).getLabel().getTracking())
					.hasFailed();
			}
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.hasMessageContainingAll("tracking", "not the identifier");
		});
	}

	/**
	 * A String part of an @EmbeddedId drawn from a sequence without a format fails at
	 * startup, like a String identifier of its own.
	 */
	@Test
	void aTextEmbeddedIdPartFromASequenceWithoutFormatFailsAtStartup() {
		onH2(EmbeddedTextEntities.class).run((context) -> {
			if (context.getStartupFailure() == null) {
				Throwable insert = catchPersist(context, new Waybill(7L));
				assertThat(context).as("started, and the first insert threw " + insert).hasFailed();
			}
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.hasMessageContaining("idgen.sequences.waybill.format");
		});
	}

	/**
	 * An identifier that is already set is kept where assigned identifiers are allowed: a
	 * Long (not long) id the application set to 0 counts as set.
	 */
	@Test
	void anAllowedLongIdAssignedZeroIsKept() {
		onH2(AssignedEntities.class).run((context) -> {
			List<AssignedOrder> orders = persist(context, 1, (i) -> new AssignedOrder(0L, "zero"));
			assertThat(orders.get(0).getId()).isEqualTo(0L);
		});
	}

	/**
	 * Lazy initialization: the startup check is a SmartInitializingSingleton, which
	 * Spring Boot keeps eager.
	 */
	@Test
	void withLazyInitializationAMappingMistakeStillFailsAtStartup() {
		onH2(LazyEntities.class).withPropertyValues("spring.main.lazy-initialization=true").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.hasMessageContainingAll(LazyNotIdOrder.class.getName() + ".reference", "not the identifier");
		});
	}

	// --- Valid mappings
	// ------------------------------------------------------------------

	/**
	 * The id of a generic @MappedSuperclass (BaseEntity&lt;ID&gt;, as Spring Data's
	 * AbstractPersistable&lt;PK&gt;) is a Long in the entity although its field's erased
	 * type is Serializable: it is drawn.
	 */
	@Test
	void anIdDeclaredInAGenericMappedSuperclassIsDrawn() {
		onH2(GenericEntities.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(ids(persist(context, 2, (i) -> new GenericOrder()), GenericOrder::getId)).containsExactly(1L,
					2L);
		});
	}

	/**
	 * Property access with a getter named getID (Hibernate, as java.beans, names the
	 * property "ID") is accepted.
	 */
	@Test
	void anIdGetterNamedWithAnAcronymIsAccepted() {
		onH2(AcronymEntities.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(ids(persist(context, 1, (i) -> new Acronym()), Acronym::getID)).containsExactly(1L);
		});
	}

	/**
	 * Companion of anIdClassPartIsDrawn and anIdGetterNamedWithAnAcronymIsAccepted:
	 * without idgen's entities auto-configuration, Hibernate draws both identifiers too.
	 */
	@Test
	void withoutTheStartupCheckHibernateDrawsAnIdClassPartAndAnAcronymGetter() {
		ApplicationContextRunner unchecked = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(IdGeneratorAutoConfiguration.class,
					JdbcBackendAutoConfiguration.class, HibernateJpaAutoConfiguration.class))
			.withPropertyValues("spring.jpa.hibernate.ddl-auto=create-drop")
			.withBean(DataSource.class, TestBackends::h2);
		unchecked.withUserConfiguration(IdClassEntities.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(ids(persist(context, 2, (i) -> new OrderLine(7L)), OrderLine::getLine)).containsExactly(1L, 2L);
		});
		unchecked.withUserConfiguration(AcronymEntities.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(ids(persist(context, 1, (i) -> new Acronym()), Acronym::getID)).containsExactly(1L);
		});
	}

	@Test
	void joinedInheritanceDrawsFromTheRootTable() {
		onH2(JoinedEntities.class).run((context) -> {
			assertThat(context).hasNotFailed();
			List<Vehicle> vehicles = persist(context, 4, (i) -> (i % 2 == 0) ? new Car() : new Truck());
			assertThat(ids(vehicles, Vehicle::getId)).containsExactly(1L, 2L, 3L, 4L);
			assertThat(context.getBean(IdGenerator.class).nextId("mapped_vehicles")).isEqualTo(5);
		});
	}

	@Test
	void anIdClassPartIsDrawn() {
		onH2(IdClassEntities.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(ids(persist(context, 2, (i) -> new OrderLine(7L)), OrderLine::getLine)).containsExactly(1L, 2L);
		});
	}

	@Test
	void anEmbeddedIdPartIsDrawn() {
		onH2(EmbeddedIdEntities.class).run((context) -> {
			assertThat(context).hasNotFailed();
			List<Shipment> shipments = persist(context, 2, (i) -> new Shipment(7L));
			assertThat(shipments).extracting((shipment) -> shipment.getKey().getNumber()).containsExactly(1L, 2L);
		});
	}

	// --- Sessions
	// ------------------------------------------------------------------------

	@Test
	void aStatelessSessionKeepsAnAllowedAssignedIdAndDrawsAMissingOne() {
		onH2(AssignedEntities.class).run((context) -> {
			SessionFactory factory = context.getBean(EntityManagerFactory.class).unwrap(SessionFactory.class);
			AssignedOrder assigned = new AssignedOrder(1_000L, "assigned");
			AssignedOrder drawn = new AssignedOrder(null, "drawn");
			try (StatelessSession session = factory.openStatelessSession()) {
				session.getTransaction().begin();
				session.insert(assigned);
				session.insert(drawn);
				session.getTransaction().commit();
			}
			assertThat(assigned.getId()).isEqualTo(1_000L);
			assertThat(drawn.getId()).isEqualTo(1L);
			assertThat(context.getBean(IdGenerator.class).nextId("mapped_assigned_orders")).isEqualTo(2);
		});
	}

	@Test
	void aStatelessSessionBatchInsertDrawsIds() {
		onH2(AssignedEntities.class).run((context) -> {
			SessionFactory factory = context.getBean(EntityManagerFactory.class).unwrap(SessionFactory.class);
			List<AssignedOrder> orders = new ArrayList<>();
			for (int i = 0; i < 5; i++) {
				orders.add(new AssignedOrder((i == 2) ? 500L : null, "order " + i));
			}
			try (StatelessSession session = factory.openStatelessSession()) {
				session.getTransaction().begin();
				session.insertMultiple(orders);
				session.getTransaction().commit();
			}
			assertThat(ids(orders, AssignedOrder::getId)).containsExactly(1L, 2L, 500L, 3L, 4L);
		});
	}

	@Test
	void mergeOfANewEntityKeepsAnAllowedAssignedIdAndDrawsAMissingOne() {
		onH2(AssignedEntities.class).run((context) -> {
			EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager();
			try {
				entityManager.getTransaction().begin();
				AssignedOrder assigned = entityManager.merge(new AssignedOrder(1_000L, "assigned"));
				AssignedOrder drawn = entityManager.merge(new AssignedOrder(null, "drawn"));
				entityManager.getTransaction().commit();
				assertThat(assigned.getId()).isEqualTo(1_000L);
				assertThat(drawn.getId()).isEqualTo(1L);
			}
			finally {
				entityManager.close();
			}
		});
	}

	@Test
	void twoApplicationContextsEachDrawFromTheirOwnIdGenerator() {
		ApplicationContextRunner application = onH2(PlainEntities.class);
		application.run((first) -> application.run((second) -> {
			persist(first, 1, (i) -> new PlainOrder(null, "first"));
			persist(second, 1, (i) -> new PlainOrder(null, "second"));
			assertThat(generatorIds(first)).isSameAs(first.getBean(IdGenerator.class));
			assertThat(generatorIds(second)).isSameAs(second.getBean(IdGenerator.class));
		}));
	}

	private static Object generatorIds(AssertableApplicationContext context) {
		SessionFactoryImplementor factory = context.getBean(EntityManagerFactory.class)
			.unwrap(SessionFactoryImplementor.class);
		Object generator = factory.getMappingMetamodel().getEntityDescriptor(PlainOrder.class).getGenerator();
		return ReflectionTestUtils.getField(generator, "ids");
	}

	// --- helpers
	// -------------------------------------------------------------------------

	private static Throwable catchPersist(AssertableApplicationContext context) {
		return catchPersist(context, new PlainOrder(null, "first"));
	}

	private static Throwable catchPersist(AssertableApplicationContext context, Object entity) {
		try {
			persist(context, 1, (i) -> entity);
			return null;
		}
		catch (Throwable ex) {
			return ex;
		}
	}

	private static <T, I> List<I> ids(List<? extends T> entities, Function<T, I> id) {
		List<I> ids = new ArrayList<>();
		entities.forEach((entity) -> ids.add(id.apply(entity)));
		return ids;
	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = DailyOrder.class)
	static class DailyEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = CyclingOrder.class)
	static class CycleEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = PlainOrder.class)
	static class PlainEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = AssignedOrder.class)
	static class AssignedEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = AuditEntry.class)
	static class HostileEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Parcel.class)
	static class EmbeddedEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = LazyNotIdOrder.class)
	static class LazyEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = GenericOrder.class)
	static class GenericEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Acronym.class)
	static class AcronymEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Vehicle.class)
	static class JoinedEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = OrderLine.class)
	static class IdClassEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Waybill.class)
	static class EmbeddedTextEntities {

	}

	@Configuration(proxyBeanMethods = false)
	@EntityScan(basePackageClasses = Shipment.class)
	static class EmbeddedIdEntities {

	}

}
