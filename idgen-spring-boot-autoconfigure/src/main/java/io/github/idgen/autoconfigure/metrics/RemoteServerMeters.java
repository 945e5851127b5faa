package io.github.idgen.autoconfigure.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

import io.github.idgen.remote.RemoteSegmentStore;
import io.github.idgen.remote.RemoteServer;

/**
 * The meters of each ID server of every {@link RemoteSegmentStore} in the context, tagged
 * {@code server} with its URL (without user information): {@code idgen.remote.segments}
 * (segments it reserved for this application) and {@code idgen.remote.up} (1 while it
 * answers, else 0). Registered once every singleton exists, so that the stores, which
 * backends create after the registry, are found.
 */
final class RemoteServerMeters implements SmartInitializingSingleton {

	private final MeterRegistry registry;

	private final ObjectProvider<RemoteSegmentStore> stores;

	RemoteServerMeters(MeterRegistry registry, ObjectProvider<RemoteSegmentStore> stores) {
		this.registry = registry;
		this.stores = stores;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.stores.orderedStream().flatMap((store) -> store.servers().stream()).forEach(this::register);
	}

	private void register(RemoteServer server) {
		FunctionCounter.builder("idgen.remote.segments", server, RemoteServer::segmentsServed)
			.description("Segments an ID server reserved for this application")
			.tag("server", server.displayName())
			.register(this.registry);
		Gauge.builder("idgen.remote.up", server, (answering) -> answering.isUp() ? 1 : 0)
			.description("Whether an ID server answered the last call: 1 if it did, else 0")
			.tag("server", server.displayName())
			.register(this.registry);
	}

}
