package io.github.idgen.autoconfigure.metrics;

import java.util.function.ToDoubleFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

import io.github.idgen.segment.striped.StripeState;
import io.github.idgen.segment.striped.StripeStatus;
import io.github.idgen.segment.striped.StripedSegmentStore;

/**
 * The meters of each store of every {@link StripedSegmentStore} in the context, tagged
 * {@code store} with the store's name: {@code idgen.stripe.segments} (segments it
 * reserved), {@code idgen.stripe.up} (1 while it is up, else 0),
 * {@code idgen.stripe.index} (the residue its IDs leave modulo the number of stores) and
 * {@code idgen.stripe.generation} (the generation of the layout it hands out under).
 * Registered once every singleton exists, so that the stores, which backends create after
 * the registry, are found.
 */
final class StripeMeters implements SmartInitializingSingleton {

	private final MeterRegistry registry;

	private final ObjectProvider<StripedSegmentStore> stores;

	StripeMeters(MeterRegistry registry, ObjectProvider<StripedSegmentStore> stores) {
		this.registry = registry;
		this.stores = stores;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.stores.orderedStream().forEach(this::register);
	}

	private void register(StripedSegmentStore store) {
		for (StripeState stripe : store.stripes()) {
			String name = stripe.name();
			FunctionCounter.builder("idgen.stripe.segments", store, of(name, (state) -> state.segments()))
				.description("Segments a store of a striped store reserved")
				.tag("store", name)
				.register(this.registry);
			Gauge.builder("idgen.stripe.up", store, of(name, (state) -> (state.status() == StripeStatus.UP) ? 1 : 0))
				.description("Whether a store of a striped store is up: 1 if it is, else 0")
				.tag("store", name)
				.register(this.registry);
			Gauge
				.builder("idgen.stripe.index", store,
						of(name, (state) -> (state.layout() != null && !state.layout().retired())
								? state.layout().index() : Double.NaN))
				.description("The residue modulo the number of stores that a store of a striped store hands out")
				.tag("store", name)
				.register(this.registry);
			Gauge
				.builder("idgen.stripe.generation", store,
						of(name, (state) -> (state.layout() != null) ? state.layout().generation() : Double.NaN))
				.description("The generation of the stripe layout a store hands out under")
				.tag("store", name)
				.register(this.registry);
		}
	}

	private static ToDoubleFunction<StripedSegmentStore> of(String name, ToDoubleFunction<StripeState> value) {
		return (store) -> store.stripes()
			.stream()
			.filter((state) -> state.name().equals(name))
			.mapToDouble(value)
			.findFirst()
			.orElse(Double.NaN);
	}

}
