package io.github.idgen.smoke;

import java.util.List;

import org.springframework.util.ClassUtils;

/**
 * A library that a store or a persistence library brings onto the classpath, known by
 * classes that only it has. Each smoke application has the libraries of its store (and
 * of its persistence library) and none of the others.
 */
public enum StoreLibrary {

	/**
	 * Spring Boot's JDBC support (spring-boot-starter-jdbc).
	 */
	JDBC("jdbc", "org.springframework.boot.jdbc.EmbeddedDatabaseConnection",
			"org.springframework.boot.sql.init.DatabaseInitializationMode",
			"org.springframework.jdbc.core.JdbcTemplate"),

	/**
	 * Spring Data JDBC (spring-boot-starter-data-jdbc).
	 */
	DATA_JDBC("data-jdbc", "org.springframework.data.jdbc.core.JdbcAggregateTemplate"),

	/**
	 * JPA through Hibernate (spring-boot-starter-data-jpa).
	 */
	JPA("jpa", "jakarta.persistence.EntityManager", "org.hibernate.SessionFactory"),

	/**
	 * MyBatis and MyBatis-Spring (mybatis-spring-boot-starter).
	 */
	MYBATIS("mybatis", "org.apache.ibatis.session.SqlSessionFactory", "org.mybatis.spring.SqlSessionTemplate"),

	/**
	 * Spring Data Redis (spring-boot-starter-data-redis).
	 */
	DATA_REDIS("data-redis", "org.springframework.data.redis.connection.RedisConnectionFactory",
			"org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration"),

	/**
	 * The Lettuce Redis client.
	 */
	LETTUCE("lettuce", "io.lettuce.core.RedisClient"),

	/**
	 * The Jedis Redis client.
	 */
	JEDIS("jedis", "redis.clients.jedis.Jedis"),

	/**
	 * Spring Data MongoDB and the MongoDB driver (spring-boot-starter-data-mongodb).
	 */
	DATA_MONGODB("data-mongodb", "org.springframework.data.mongodb.core.MongoTemplate",
			"com.mongodb.client.MongoClient"),

	/**
	 * Spring Data R2DBC and the R2DBC SPI (spring-boot-starter-data-r2dbc).
	 */
	DATA_R2DBC("data-r2dbc", "org.springframework.data.r2dbc.core.R2dbcEntityTemplate",
			"io.r2dbc.spi.ConnectionFactory"),

	/**
	 * The reactive MongoDB driver (spring-boot-starter-data-mongodb-reactive), whose
	 * Spring Data classes are those of {@link #DATA_MONGODB}.
	 */
	DATA_MONGODB_REACTIVE("data-mongodb-reactive", "com.mongodb.reactivestreams.client.MongoClient"),

	/**
	 * Spring Boot Actuator, its health support and Micrometer.
	 */
	ACTUATOR("actuator", "org.springframework.boot.actuate.endpoint.annotation.Endpoint",
			"org.springframework.boot.health.contributor.HealthIndicator",
			"io.micrometer.core.instrument.MeterRegistry");

	private final String label;

	private final List<String> classNames;

	StoreLibrary(String label, String... classNames) {
		this.label = label;
		this.classNames = List.of(classNames);
	}

	/**
	 * Return the short name of the library in the summary line.
	 * @return the label
	 */
	public String label() {
		return this.label;
	}

	/**
	 * Return the classes of the library that the given class loader finds.
	 * @param classLoader the class loader of the application
	 * @return the names of the classes found, empty if none is
	 */
	List<String> presentClasses(ClassLoader classLoader) {
		return this.classNames.stream().filter((name) -> ClassUtils.isPresent(name, classLoader)).toList();
	}

	/**
	 * Return the classes of the library that the given class loader does not find.
	 * @param classLoader the class loader of the application
	 * @return the names of the classes missing, empty if none is
	 */
	List<String> missingClasses(ClassLoader classLoader) {
		return this.classNames.stream().filter((name) -> !ClassUtils.isPresent(name, classLoader)).toList();
	}

}
