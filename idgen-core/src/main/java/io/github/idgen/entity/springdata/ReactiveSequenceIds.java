package io.github.idgen.entity.springdata;

import java.util.Optional;
import java.util.function.BiConsumer;

import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.SequenceIdMappingException;

/**
 * Fills the identifier marked {@link SequenceId} of an entity for a reactive callback
 * without blocking the thread that calls it, such as a thread of an event loop: an
 * identifier the generator has ready in memory is filled at once, on the calling thread;
 * one that has to wait for the backend (a segment being fetched) is drawn on a scheduler
 * whose threads may block, {@link Schedulers#boundedElastic()} unless another is given.
 * Thread-safe.
 */
public final class ReactiveSequenceIds {

	private final SequenceIdAssigner<?, ?> assigner;

	private final Scheduler waiting;

	/**
	 * Create the reactive counterpart of an assigner that draws the identifiers that have
	 * to wait on {@link Schedulers#boundedElastic()}.
	 * @param assigner the assigner
	 */
	public ReactiveSequenceIds(SequenceIdAssigner<?, ?> assigner) {
		this(assigner, Schedulers.boundedElastic());
	}

	/**
	 * Create the reactive counterpart of an assigner.
	 * @param assigner the assigner
	 * @param waiting the scheduler on which identifiers that have to wait for the backend
	 * are drawn; its threads may block
	 */
	public ReactiveSequenceIds(SequenceIdAssigner<?, ?> assigner, Scheduler waiting) {
		this.assigner = assigner;
		this.waiting = waiting;
	}

	/**
	 * Fill the identifier of an entity marked {@link SequenceId} if it is not set.
	 * @param <T> the entity's type
	 * @param entity the entity about to be saved
	 * @param drawn told the entity with its identifier and the identifier, if one was
	 * drawn
	 * @return the entity with its identifier (the same instance, or a copy of an
	 * immutable one), the given entity if there is nothing to fill, or an error: a
	 * {@link SequenceIdMappingException} if the entity's type is mapped wrongly, an
	 * {@link io.github.idgen.IdGenerationException} if no identifier could be drawn
	 */
	public <T> Mono<T> assign(T entity, BiConsumer<? super T, Object> drawn) {
		return Mono.defer(() -> {
			var unset = this.assigner.unset(entity);
			if (unset.isEmpty()) {
				return Mono.just(entity);
			}
			Optional<T> ready = unset.get().fillIfReady(drawn);
			if (ready.isPresent()) {
				return Mono.just(ready.get());
			}
			return Mono.fromCallable(() -> unset.get().fill(drawn)).subscribeOn(this.waiting);
		});
	}

}
