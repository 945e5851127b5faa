package io.github.idgen.smoke.mybatis;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.JdbcCounters;
import io.github.idgen.smoke.SavedEntities;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.StoreLibrary;

/**
 * An application with the idgen starter and mybatis-spring-boot-starter on PostgreSQL:
 * it draws IDs as every smoke application does, and inserts entities through a MyBatis
 * mapper whose identifier idgen draws before the insert. The PostgreSQL is shared, so the
 * idgen table and the orders table are named after the run, and dropped at its end.
 */
@SpringBootApplication
public class MyBatisSmokeApplication {

	private static final String DEFAULT_URL = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";

	public static void main(String[] args) {
		String run = "smoke_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		String orders = run + "_orders";
		SavedEntities saved = new SavedEntities((context) -> {
			PlacedOrder order = new PlacedOrder("smoke");
			context.getBean(Orders.class).insert(order);
			return order.getId();
		}, (context) -> context.getBean(Orders.class).count());
		JdbcCounters counters = new JdbcCounters("PostgreSQL");
		int status = new SmokeRun("mybatis", Backend.JDBC, Set.of(StoreLibrary.JDBC, StoreLibrary.MYBATIS),
				(context, highest) -> {
					JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
					jdbc.execute("create table " + orders + " (id bigint primary key, customer varchar(100) not null)");
					try {
						return counters.check(context, highest) + "; " + saved.check(context, highest);
					}
					finally {
						jdbc.execute("drop table " + orders);
					}
				})
			.run(MyBatisSmokeApplication.class, withTables(args, run, orders));
		dropIdgenTable(run);
		System.exit(status);
	}

	private static String[] withTables(String[] args, String run, String orders) {
		List<String> all = new ArrayList<>(List.of(args));
		all.add("--idgen.jdbc.table=" + run + "_idgen");
		all.add("--mybatis.configuration-properties.orders=" + orders);
		return all.toArray(String[]::new);
	}

	private static void dropIdgenTable(String run) {
		String url = System.getenv().getOrDefault("IDGEN_TEST_POSTGRES_URL", DEFAULT_URL);
		try (Connection connection = DriverManager.getConnection(url);
				Statement statement = connection.createStatement()) {
			statement.execute("drop table if exists " + run + "_idgen");
		}
		catch (SQLException ex) {
			System.out.println("The table " + run + "_idgen was not dropped: " + ex);
		}
	}

}
