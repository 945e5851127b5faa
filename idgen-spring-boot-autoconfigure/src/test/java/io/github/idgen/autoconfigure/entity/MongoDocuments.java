package io.github.idgen.autoconfigure.entity;

import org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration;
import org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.FieldType;
import org.springframework.data.mongodb.core.mapping.MongoId;
import org.springframework.data.mongodb.repository.config.EnableMongoRepositories;
import org.springframework.data.repository.CrudRepository;

import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.entity.SequenceId;

/**
 * Spring Data MongoDB documents marked {@link SequenceId}, their repositories, and an
 * application that saves them. The documents are not annotated {@code @Document}, so that
 * the applications of other tests, whose auto-configuration package is
 * {@code io.github.idgen.autoconfigure}, do not find them by scanning; each is stored in
 * the collection named after its class.
 */
final class MongoDocuments {

	private MongoDocuments() {
	}

	/**
	 * Return an application with idgen (on MongoDB), Spring Data MongoDB and the entity
	 * integration auto-configured, on the given database of an in-JVM server, through a
	 * pool of one connection (see {@code IsolatedApplicationOnInJvmMongo}).
	 * @param port the server's port
	 * @param database the database
	 * @return the runner
	 */
	static ApplicationContextRunner runner(int port, String database) {
		return new ApplicationContextRunner()
			.withConfiguration(
					IdgenAutoConfigurations.of(MongoAutoConfiguration.class, DataMongoAutoConfiguration.class))
			.withPropertyValues("spring.mongodb.uri=mongodb://127.0.0.1:" + port + "/" + database + "?maxPoolSize=1");
	}

	/**
	 * A mutable document whose identifier draws from the sequence named like its
	 * collection, {@code order}.
	 */
	public static class Order {

		@Id
		@SequenceId
		Long id;

		String name;

		public Order(Long id, String name) {
			this.id = id;
			this.name = name;
		}

	}

	/**
	 * An immutable document with a wither, from a named sequence.
	 */
	public static final class Receipt {

		@Id
		@SequenceId("receipt")
		private final Long id;

		private final String name;

		public Receipt(Long id, String name) {
			this.id = id;
			this.name = name;
		}

		public Receipt withId(Long id) {
			return new Receipt(id, this.name);
		}

		public Long getId() {
			return this.id;
		}

		public String getName() {
			return this.name;
		}

	}

	/**
	 * A document with a formatted text identifier.
	 *
	 * @param id the identifier
	 * @param name a name
	 */
	public record Voucher(@MongoId @SequenceId("voucher") String id, String name) {

	}

	/**
	 * A formatted text identifier that Spring Data MongoDB converts to an ObjectId when
	 * it has 24 hexadecimal digits: mapped with {@code @Id} only.
	 *
	 * @param id the identifier
	 * @param name a name
	 */
	public record Stamp(@Id @SequenceId("stamp") String id, String name) {

	}

	/**
	 * A formatted text identifier stored as a string whatever its digits.
	 *
	 * @param id the identifier
	 * @param name a name
	 */
	public record Parcel(@MongoId(FieldType.STRING) @SequenceId("parcel") String id, String name) {

	}

	/**
	 * {@link SequenceId} on a property that is not the identifier.
	 */
	public static class Misplaced {

		@Id
		Long id;

		@SequenceId
		Long number;

	}

	/**
	 * A text identifier whose sequence, named like the collection ({@code coupon}), has
	 * no format.
	 *
	 * @param id the identifier
	 */
	public record Coupon(@Id @SequenceId String id) {

	}

	interface OrderRepository extends CrudRepository<Order, Long> {

	}

	interface ReceiptRepository extends CrudRepository<Receipt, Long> {

	}

	interface VoucherRepository extends CrudRepository<Voucher, String> {

	}

	interface StampRepository extends CrudRepository<Stamp, String> {

	}

	interface ParcelRepository extends CrudRepository<Parcel, String> {

	}

	interface MisplacedRepository extends CrudRepository<Misplaced, Long> {

	}

	interface CouponRepository extends CrudRepository<Coupon, String> {

	}

	/**
	 * The repositories of the documents that are mapped right. The sequence
	 * {@code voucher} needs a format.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableMongoRepositories(basePackageClasses = MongoDocuments.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE,
					classes = { OrderRepository.class, ReceiptRepository.class, VoucherRepository.class }))
	static class Valid {

	}

	/**
	 * The repository of {@link Stamp}.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableMongoRepositories(basePackageClasses = MongoDocuments.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = StampRepository.class))
	static class Stamps {

	}

	/**
	 * The repository of {@link Parcel}.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableMongoRepositories(basePackageClasses = MongoDocuments.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = ParcelRepository.class))
	static class Parcels {

	}

	/**
	 * The repository of {@link Misplaced}.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableMongoRepositories(basePackageClasses = MongoDocuments.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = MisplacedRepository.class))
	static class Misplaceds {

	}

	/**
	 * The repository of {@link Coupon}.
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableMongoRepositories(basePackageClasses = MongoDocuments.class, considerNestedRepositories = true,
			includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = CouponRepository.class))
	static class Coupons {

	}

}
