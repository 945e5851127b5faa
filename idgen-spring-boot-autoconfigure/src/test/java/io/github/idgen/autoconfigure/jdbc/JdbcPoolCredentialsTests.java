package io.github.idgen.autoconfigure.jdbc;

import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.util.Credentials;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.IdGenerator;
import io.github.idgen.autoconfigure.IdgenAutoConfigurations;
import io.github.idgen.test.TestBackends;
import io.github.idgen.test.UniqueNames;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * idgen's own pool follows the credentials of the application's HikariDataSource when
 * they change at runtime, as a rotation of database credentials does (Hikari's
 * {@code HikariConfigMXBean.setCredentials}, then evicting the old connections): once the
 * former user can no longer log in, segments are still reserved. On PostgreSQL, with a
 * segment of one ID, so that every ID is a fetch.
 */
class JdbcPoolCredentialsTests {

	private final String table = UniqueNames.uniqueName("rotate").replace('-', '_');

	private final String former = "r27_" + this.table.substring(Math.max(0, this.table.length() - 20)) + "_a";

	private final String rotated = "r27_" + this.table.substring(Math.max(0, this.table.length() - 20)) + "_b";

	private final JdbcTemplate admin = new JdbcTemplate(TestBackends.postgres());

	@AfterEach
	void dropTableAndRoles() {
		this.admin.execute("DROP TABLE IF EXISTS " + this.table);
		for (String role : List.of(this.former, this.rotated)) {
			this.admin.queryForList("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = ?", role);
			this.admin.execute("DROP OWNED BY " + role);
			this.admin.execute("DROP ROLE IF EXISTS " + role);
		}
	}

	@Test
	void idgensPoolFollowsCredentialsRotatedOnTheApplicationsPool() {
		for (String role : List.of(this.former, this.rotated)) {
			this.admin.execute("CREATE ROLE " + role + " LOGIN");
			this.admin.execute("GRANT ALL ON SCHEMA public TO " + role);
		}
		String url = ((HikariDataSource) TestBackends.postgres()).getJdbcUrl().replaceFirst("\\?.*", "");
		new ApplicationContextRunner().withConfiguration(IdgenAutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=" + url, "spring.datasource.username=" + this.former,
					"spring.datasource.hikari.connection-timeout=1000", "spring.datasource.hikari.minimum-idle=0",
					"idgen.jdbc.table=" + this.table, "idgen.jdbc.initialize-schema=always",
					"idgen.sequences.rotate.step=1", "idgen.sequences.rotate.min-step=1",
					"idgen.sequences.rotate.max-step=1", "idgen.sequences.rotate.fetch-timeout=2s")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				IdGenerator ids = context.getBean(IdGenerator.class);
				List<Long> drawn = new ArrayList<>();
				drawn.add(ids.nextId("rotate"));
				this.admin.execute("GRANT ALL ON " + this.table + " TO " + this.rotated);
				HikariDataSource application = context.getBean(HikariDataSource.class);
				application.getHikariConfigMXBean().setCredentials(Credentials.of(this.rotated, null));
				application.getHikariPoolMXBean().softEvictConnections();
				this.admin.execute("ALTER ROLE " + this.former + " NOLOGIN");
				this.admin.queryForList("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = ?",
						this.former);
				application.getHikariPoolMXBean().softEvictConnections();
				assertThat(new JdbcTemplate(application).queryForObject("SELECT current_user", String.class))
					.as("the application's pool after the rotation")
					.isEqualTo(this.rotated);
				for (int i = 0; i < 3; i++) {
					drawn.add(ids.nextId("rotate"));
				}
				assertThat(drawn).doesNotHaveDuplicates().hasSize(4);
			});
	}

}
