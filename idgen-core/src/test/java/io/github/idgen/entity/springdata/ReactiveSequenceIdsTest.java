package io.github.idgen.entity.springdata;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;

import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.entity.SequenceId;
import io.github.idgen.segment.ControllableSegmentStore;
import io.github.idgen.segment.InMemorySegmentStore;
import io.github.idgen.segment.SegmentIdGenerator;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.StepPolicy;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ReactiveSequenceIds}: an identifier ready in memory is filled on the
 * calling thread, one that waits for a segment is drawn off it.
 */
class ReactiveSequenceIdsTest {

	private final List<SegmentIdGenerator> generators = new ArrayList<>();

	private final List<Scheduler> schedulers = new ArrayList<>();

	@AfterEach
	void close() {
		this.generators.forEach(SegmentIdGenerator::close);
		this.schedulers.forEach(Scheduler::dispose);
	}

	@Test
	void aDrawThatWaitsForTheStoreRunsOffTheCallingThreadWhichReturnsAtOnce() throws Exception {
		ControllableSegmentStore store = new ControllableSegmentStore();
		store.block();
		ReactiveSequenceIds ids = ids(store);
		Scheduler loop = scheduler("loop");
		AtomicReference<String> subscribedOn = new AtomicReference<>();
		CompletableFuture<String> filledOn = new CompletableFuture<>();
		CompletableFuture<Order> saved = new CompletableFuture<>();
		CompletableFuture<Void> loopFree = CompletableFuture.runAsync(() -> {
			subscribedOn.set(Thread.currentThread().getName());
			ids.assign(new Order(), (filled, id) -> filledOn.complete(Thread.currentThread().getName()))
				.subscribe(saved::complete, saved::completeExceptionally);
		}, loop::schedule);
		loopFree.get(2, TimeUnit.SECONDS);
		assertThat(store.awaitAllocations(1, Duration.ofMillis(200))).as("store still blocked").isFalse();
		assertThat(saved).as("no identifier before the store answers").isNotDone();
		CompletableFuture.runAsync(() -> {
		}, loop::schedule).get(2, TimeUnit.SECONDS);
		store.release();
		assertThat(saved.get(5, TimeUnit.SECONDS).id).isEqualTo(1L);
		assertThat(subscribedOn.get()).startsWith("loop");
		assertThat(filledOn.get()).as("the thread that drew the identifier")
			.startsWith("boundedElastic")
			.isNotEqualTo(subscribedOn.get());
	}

	@Test
	void anIdentifierReadyInMemoryIsFilledOnTheCallingThread() throws Exception {
		InMemorySegmentStore store = new InMemorySegmentStore();
		ReactiveSequenceIds ids = ids(store);
		ids.assign(new Order(), (filled, id) -> {
		}).block(Duration.ofSeconds(5));
		Scheduler loop = scheduler("loop");
		CompletableFuture<String> filledOn = new CompletableFuture<>();
		CompletableFuture<Order> saved = new CompletableFuture<>();
		loop.schedule(() -> ids.assign(new Order(), (filled, id) -> filledOn.complete(Thread.currentThread().getName()))
			.subscribe(saved::complete, saved::completeExceptionally));
		assertThat(saved.get(5, TimeUnit.SECONDS).id).isEqualTo(2L);
		assertThat(filledOn.get()).startsWith("loop");
	}

	@Test
	void aSetIdentifierIsKeptAndNothingIsDrawn() {
		InMemorySegmentStore store = new InMemorySegmentStore();
		ReactiveSequenceIds ids = ids(store);
		Order mine = new Order();
		mine.id = 42L;
		assertThat(ids.assign(mine, (filled, id) -> {
		}).block(Duration.ofSeconds(5)).id).isEqualTo(42L);
		assertThat(store.allocations()).isZero();
	}

	@Test
	void concurrentAssignmentsOnInstancesSharingOneStoreNeverRepeatAnIdentifier() {
		InMemorySegmentStore store = new InMemorySegmentStore();
		List<ReactiveSequenceIds> instances = List.of(ids(store), ids(store));
		Scheduler loop = scheduler("loop");
		int perInstance = 20_000;
		List<Long> all = Flux.fromIterable(instances)
			.flatMap((ids) -> Flux.range(0, perInstance).flatMap((i) -> ids.assign(new Order(), (filled, id) -> {
			}).subscribeOn(loop), 64))
			.map((order) -> order.id)
			.collectList()
			.block(Duration.ofMinutes(1));
		assertThat(all).hasSize(2 * perInstance).doesNotContainNull().doesNotHaveDuplicates();
	}

	private ReactiveSequenceIds ids(SegmentStore store) {
		SegmentIdGenerator generator = new SegmentIdGenerator(store,
				new SegmentSettings(1, 100, new StepPolicy(100, 100, Duration.ofDays(1)), 0.5, Duration.ofSeconds(5)),
				Map.of(), "default", UnknownSequencePolicy.CREATE);
		this.generators.add(generator);
		RelationalMappingContext context = new RelationalMappingContext();
		SequenceIdAssigner<?, ?> assigner = new SequenceIdAssigner<>(() -> generator, context, (entity) -> "orders",
				(mapping) -> {
				});
		return new ReactiveSequenceIds(assigner);
	}

	private Scheduler scheduler(String name) {
		Scheduler scheduler = Schedulers.newSingle(name);
		this.schedulers.add(scheduler);
		return scheduler;
	}

	/**
	 * An entity whose identifier idgen draws.
	 */
	static class Order {

		@Id
		@SequenceId
		Long id;

	}

}
