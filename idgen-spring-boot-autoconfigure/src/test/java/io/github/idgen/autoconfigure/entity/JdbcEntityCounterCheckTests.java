package io.github.idgen.autoconfigure.entity;

import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.Item;
import io.github.idgen.autoconfigure.entity.JdbcAggregates.ItemRepository;
import io.github.idgen.test.TestBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring Data JDBC aggregate whose sequence would issue IDs its table already holds
 * (here, a sequence whose counter is gone, as a sequence under a new name has none) fails
 * at startup, on PostgreSQL.
 */
class JdbcEntityCounterCheckTests {

	private final DataSource dataSource = TestBackends.postgres();

	private final JdbcTemplate jdbc = new JdbcTemplate(this.dataSource);

	private final String run = JdbcAggregates.uniqueRun();

	private final String table = this.run + "_item";

	@AfterEach
	void dropTables() {
		this.jdbc.execute("DROP TABLE IF EXISTS \"" + this.table + "\"");
		this.jdbc.execute("DROP TABLE IF EXISTS " + this.run + "_idgen");
	}

	private ApplicationContextRunner runner() {
		return JdbcAggregates.runner(this.dataSource, this.run).withUserConfiguration(JdbcAggregates.Items.class);
	}

	@Test
	void aSequenceThatWouldIssueIdsTheTableHoldsFailsAtStartupUntilStartedAboveThem() {
		List<Long> ids = new ArrayList<>();
		runner().run((context) -> {
			assertThat(context).hasNotFailed();
			JdbcAggregates.createTable(context, this.table, "bigint", "name", "varchar(64)");
			for (int i = 0; i < 3; i++) {
				ids.add(context.getBean(ItemRepository.class).save(new Item(null, "before")).id);
			}
		});
		assertThat(ids).containsExactly(1L, 2L, 3L);
		runner().run((context) -> assertThat(context).as("restarted, counter kept").hasNotFailed());
		this.jdbc.execute("DROP TABLE " + this.run + "_idgen");
		runner().run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			while (!(failure instanceof IdGeneratorConfigurationException) && failure.getCause() != null) {
				failure = failure.getCause();
			}
			assertThat(failure).isInstanceOf(IdGeneratorConfigurationException.class)
				.hasMessageContaining(Item.class.getName() + ".id")
				.hasMessageContaining("sequence '" + this.table + "', which issues IDs from 1 on")
				.hasMessageContaining("already holds IDs up to 3:")
				.hasMessageContaining("idgen.sequences." + this.table + ".start=4");
		});
		runner().withPropertyValues("idgen.sequences." + this.table + ".start=4").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(ItemRepository.class).save(new Item(null, "after")).id).isEqualTo(4L);
		});
	}

}
