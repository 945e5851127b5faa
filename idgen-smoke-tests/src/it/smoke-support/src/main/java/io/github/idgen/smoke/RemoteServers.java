package io.github.idgen.smoke;

import java.util.List;
import java.util.Map;

import org.springframework.context.ApplicationContext;

import io.github.idgen.remote.RemoteSegmentStore;

/**
 * The check of the remote application: every sequence's last segment came from the ID
 * server, which answers, and the IDs of {@code order} start where the server's
 * configuration has it start, 1,000,000, not where the application would have.
 */
public final class RemoteServers implements StoreCheck {

	private static final long SERVER_START_OF_ORDER = 1_000_000;

	@Override
	@SuppressWarnings("unchecked")
	public String check(ApplicationContext context, Map<String, Long> highestIds) {
		Map<String, Object> details = context.getBean(RemoteSegmentStore.class).details();
		Map<String, String> lastServers = (Map<String, String>) details.get("lastServers");
		List<Map<String, Object>> servers = (List<Map<String, Object>>) details.get("servers");
		if (servers.size() != 1 || !"UP".equals(servers.get(0).get("state"))) {
			throw new IllegalStateException("Expected one ID server that answers, but found " + servers);
		}
		Object server = servers.get(0).get("url");
		highestIds.keySet().forEach((sequence) -> {
			if (!server.equals(lastServers.get(sequence))) {
				throw new IllegalStateException("The last segment of sequence '" + sequence + "' came from "
						+ lastServers.get(sequence) + ", not from " + server);
			}
		});
		if (highestIds.get("order") < SERVER_START_OF_ORDER) {
			throw new IllegalStateException("The highest ID of 'order' is " + highestIds.get("order")
					+ ", below the server's start " + SERVER_START_OF_ORDER);
		}
		return "the ID server " + server + " (" + servers.get(0).get("segments") + " segments, 'order' from its start "
				+ SERVER_START_OF_ORDER + ")";
	}

}
