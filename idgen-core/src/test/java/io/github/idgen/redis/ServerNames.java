package io.github.idgen.redis;

import java.util.Properties;

import io.github.idgen.test.RedisServerProcess;

/**
 * The name by which the reserve script knows a Redis server, read as an operator reads
 * it: {@code <run id>:<replication id>:<backlog active>}, from {@code INFO}.
 */
final class ServerNames {

	private ServerNames() {
	}

	/**
	 * Return the name of a server as the reserve script writes it into a stamp.
	 * @param server a running server
	 * @return its run id, replication id and backlog state, separated by colons
	 */
	static String of(RedisServerProcess server) {
		Properties replication = server.info("replication");
		return server.info("server").getProperty("run_id") + ":" + replication.getProperty("master_replid") + ":"
				+ replication.getProperty("repl_backlog_active");
	}

}
