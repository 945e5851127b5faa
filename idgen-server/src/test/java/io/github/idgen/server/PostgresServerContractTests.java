package io.github.idgen.server;

import java.util.Map;

import org.junit.jupiter.api.AfterAll;

/**
 * The contract of the ID server's HTTP API on PostgreSQL.
 */
class PostgresServerContractTests extends AbstractServerContractTests {

	private PostgresServer postgres;

	@Override
	protected Map<String, String> storeProperties() {
		this.postgres = PostgresServer.require();
		return this.postgres.properties();
	}

	@Override
	protected String table() {
		return this.postgres.table();
	}

	@AfterAll
	void dropTable() {
		if (this.postgres != null) {
			this.postgres.dropTable();
		}
	}

}
