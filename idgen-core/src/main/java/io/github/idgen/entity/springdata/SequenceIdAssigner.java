package io.github.idgen.entity.springdata;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.PersistentProperty;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.context.MappingContext;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.InstantiationAwarePropertyAccessor;

import io.github.idgen.IdGenerator;
import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.SequenceIdCheck;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.SequenceIdProperty;
import io.github.idgen.entity.SequenceIdType;

/**
 * Fills the identifier marked {@link SequenceId} of the entities of one Spring Data
 * mapping context: the logic that the {@code BeforeConvertCallback}s of Spring Data JDBC
 * and Spring Data MongoDB share.
 * <p>
 * The identifier of each entity type is looked up in the mapping context once and kept.
 * Looking it up fails, naming the entity, the property and the fix, if {@link SequenceId}
 * marks a property that is not the identifier or an identifier of a type idgen cannot
 * fill, or if the check given to the constructor rejects it; a type that failed is looked
 * up again on its next use. An identifier that is already set is left alone: unset is
 * {@code null}, or {@code 0} for a primitive {@code long}, as Spring Data tells new
 * entities, so a {@code Long} the application set to {@code 0} is kept. An unset one is
 * set through Spring Data's property accessor, so that an immutable entity (a record, or
 * a class with a {@code with…} method) is replaced by a copy with the identifier. Only
 * the entity itself is filled, not the entities it contains.
 * <p>
 * The generator is looked up on the first identifier drawn, and kept, so that the
 * callback can be created before the generator, whose backend may need the very template
 * that created the callback (Spring Data MongoDB's {@code MongoTemplate} for the MongoDB
 * backend).
 * <p>
 * Thread-safe: a race looks the generator up twice, and both find the same.
 *
 * @param <E> the type of the mapping context's entities
 * @param <P> the type of their properties
 */
public final class SequenceIdAssigner<E extends PersistentEntity<?, P>, P extends PersistentProperty<P>> {

	/**
	 * The order of the callbacks that assign identifiers: after Spring Data's auditing
	 * callbacks (order {@code 100}), which tell a new entity from a modified one by its
	 * unset identifier, and before the callbacks that declare no order, so that those see
	 * the identifier.
	 */
	public static final int ORDER = 1000;

	private final Supplier<IdGenerator> generator;

	private final MappingContext<? extends E, P> context;

	private final Function<? super E, String> defaultSequence;

	private final SequenceIdCheck check;

	private final StoreCheck<P> storeCheck;

	private final EntityInstantiators instantiators = new EntityInstantiators();

	private final Map<Class<?>, Optional<Target<P>>> targets = new ConcurrentHashMap<>();

	private volatile IdGenerator ids;

	/**
	 * Create an assigner.
	 * @param generator looks up the generator the identifiers are drawn from, once
	 * @param context the mapping context of the entities
	 * @param defaultSequence the sequence of an entity whose {@link SequenceId} names
	 * none, such as the name of its table or collection
	 * @param check a further check of each identifier when its entity is first looked up,
	 * which throws to reject it
	 */
	public SequenceIdAssigner(Supplier<IdGenerator> generator, MappingContext<? extends E, P> context,
			Function<? super E, String> defaultSequence, SequenceIdCheck check) {
		this(generator, context, defaultSequence, check, (property, mapping) -> {
		});
	}

	/**
	 * Create an assigner whose store has rules of its own about identifiers.
	 * @param generator looks up the generator the identifiers are drawn from, once
	 * @param context the mapping context of the entities
	 * @param defaultSequence the sequence of an entity whose {@link SequenceId} names
	 * none, such as the name of its table or collection
	 * @param check a further check of each identifier when its entity is first looked up,
	 * which throws to reject it
	 * @param storeCheck the store's check of each identifier, after {@code check}
	 */
	public SequenceIdAssigner(Supplier<IdGenerator> generator, MappingContext<? extends E, P> context,
			Function<? super E, String> defaultSequence, SequenceIdCheck check, StoreCheck<P> storeCheck) {
		this.generator = generator;
		this.context = context;
		this.defaultSequence = defaultSequence;
		this.check = check;
		this.storeCheck = storeCheck;
	}

	/**
	 * Fill the identifier of an entity marked {@link SequenceId} if it is not set.
	 * @param <T> the entity's type
	 * @param entity the entity about to be saved
	 * @return the entity with its identifier: the same instance, or a copy of an
	 * immutable one; the given entity if it has no identifier marked {@link SequenceId},
	 * if its identifier is set, or if the mapping context does not map its type
	 * @throws SequenceIdMappingException naming the entity, the property and the fix if
	 * the entity's type is mapped wrongly
	 */
	public <T> T assign(T entity) {
		return assign(entity, (filled, id) -> {
		});
	}

	/**
	 * Fill the identifier of an entity marked {@link SequenceId} if it is not set, and
	 * tell which identifier was drawn.
	 * @param <T> the entity's type
	 * @param entity the entity about to be saved
	 * @param drawn told the entity with its identifier and the identifier, if one was
	 * drawn
	 * @return the entity with its identifier: the same instance, or a copy of an
	 * immutable one; the given entity if it has no identifier marked {@link SequenceId},
	 * if its identifier is set, or if the mapping context does not map its type
	 * @throws SequenceIdMappingException naming the entity, the property and the fix if
	 * the entity's type is mapped wrongly
	 */
	public <T> T assign(T entity, BiConsumer<? super T, Object> drawn) {
		Optional<Unset<T>> unset = unset(entity);
		return unset.isPresent() ? unset.get().fill(drawn) : entity;
	}

	/**
	 * Return the identifier marked {@link SequenceId} of an entity if it is not set, to
	 * fill it in a step of its own: for a caller that must not wait for an identifier,
	 * such as a reactive callback.
	 * @param <T> the entity's type
	 * @param entity the entity about to be saved
	 * @return the unset identifier, or empty if the entity has no identifier marked
	 * {@link SequenceId}, if its identifier is set, or if the mapping context does not
	 * map its type
	 * @throws SequenceIdMappingException naming the entity, the property and the fix if
	 * the entity's type is mapped wrongly
	 */
	public <T> Optional<Unset<T>> unset(T entity) {
		Optional<Target<P>> found = this.targets.computeIfAbsent(entity.getClass(), this::find);
		if (found.isEmpty()) {
			return Optional.empty();
		}
		Target<P> target = found.get();
		PersistentPropertyAccessor<T> accessor = new InstantiationAwarePropertyAccessor<>(entity,
				target.entity()::getPropertyAccessor, this.instantiators);
		if (target.isSet(accessor.getProperty(target.property()))) {
			return Optional.empty();
		}
		return Optional.of(new Unset<>(accessor, target));
	}

	private IdGenerator ids() {
		IdGenerator found = this.ids;
		if (found == null) {
			found = this.generator.get();
			this.ids = found;
		}
		return found;
	}

	/**
	 * Look up the identifier of every entity the mapping context knows so far, so that a
	 * wrong mapping fails now rather than on the entity's first save.
	 * @throws SequenceIdMappingException naming the entity, the property and the fix for
	 * the first entity that is mapped wrongly
	 */
	public void checkMappings() {
		for (E entity : this.context.getPersistentEntities()) {
			this.targets.computeIfAbsent(entity.getType(), (type) -> target(entity));
		}
	}

	private Optional<Target<P>> find(Class<?> type) {
		E entity = this.context.getPersistentEntity(type);
		return (entity != null) ? target(entity) : Optional.empty();
	}

	private Optional<Target<P>> target(E entity) {
		String name = entity.getType().getName();
		P marked = null;
		for (P property : entity.getPersistentProperties(SequenceId.class)) {
			if (!property.isIdProperty()) {
				throw new SequenceIdMappingException("@SequenceId on " + name + "." + property.getName() + ": "
						+ property.getName() + " is not the identifier of " + name
						+ ", and idgen fills identifiers only. Move @SequenceId to the property annotated @Id, "
						+ "or remove it and assign " + property.getName() + " yourself.");
			}
			marked = property;
		}
		if (marked == null) {
			return Optional.empty();
		}
		SequenceIdType type;
		try {
			type = SequenceIdType.of(name, marked.getName(), marked.getType());
		}
		catch (IllegalArgumentException ex) {
			throw new SequenceIdMappingException(ex.getMessage());
		}
		String sequence = SequenceIdType.sequenceName(marked.getRequiredAnnotation(SequenceId.class),
				this.defaultSequence.apply(entity));
		SequenceIdProperty mapping = new SequenceIdProperty(name, marked.getName(), type, sequence);
		this.check.check(mapping);
		this.storeCheck.check(marked, mapping);
		return Optional.of(new Target<>(entity, marked, mapping));
	}

	/**
	 * A store's check of an identifier marked {@link SequenceId}, as the store maps it.
	 *
	 * @param <P> the type of the store's properties
	 */
	@FunctionalInterface
	public interface StoreCheck<P> {

		/**
		 * Fail unless the store keeps the identifier's values as idgen draws them.
		 * @param property the identifier, as the store maps it
		 * @param mapping what the identifier draws from
		 * @throws SequenceIdMappingException naming the entity, the property and the fix
		 */
		void check(P property, SequenceIdProperty mapping);

	}

	/**
	 * The unset identifier of one entity, to fill with an identifier drawn now or, if the
	 * generator has one ready, at once. Not thread-safe: one caller fills it once.
	 *
	 * @param <T> the entity's type
	 */
	public final class Unset<T> {

		private final PersistentPropertyAccessor<T> accessor;

		private final Target<P> target;

		private Unset(PersistentPropertyAccessor<T> accessor, Target<P> target) {
			this.accessor = accessor;
			this.target = target;
		}

		/**
		 * Fill the identifier with the next one of its sequence, waiting for the backend
		 * if the generator has none ready.
		 * @param drawn told the entity with its identifier and the identifier
		 * @return the entity with its identifier: the same instance, or a copy of an
		 * immutable one
		 */
		public T fill(BiConsumer<? super T, Object> drawn) {
			SequenceIdProperty mapping = this.target.mapping();
			return fill(mapping.type().next(ids(), mapping.sequence()), drawn);
		}

		/**
		 * Fill the identifier with the next one of its sequence if the generator has one
		 * ready, never waiting for the backend
		 * ({@link io.github.idgen.Sequence#nextIfReady()}).
		 * @param drawn told the entity with its identifier and the identifier, if one was
		 * drawn
		 * @return the entity with its identifier, or empty if none was ready, in which
		 * case nothing was drawn and {@link #fill(BiConsumer)} is left to call on a
		 * thread that may wait
		 */
		public Optional<T> fillIfReady(BiConsumer<? super T, Object> drawn) {
			SequenceIdProperty mapping = this.target.mapping();
			Optional<Object> id = mapping.type().nextIfReady(ids(), mapping.sequence());
			return id.map((ready) -> fill(ready, drawn));
		}

		private T fill(Object id, BiConsumer<? super T, Object> drawn) {
			this.accessor.setProperty(this.target.property(), id);
			T filled = this.accessor.getBean();
			drawn.accept(filled, id);
			return filled;
		}

	}

	/**
	 * The identifier to fill of one entity type.
	 *
	 * @param <P> the type of the property
	 * @param entity the entity
	 * @param property the identifier
	 * @param mapping what the identifier draws from
	 */
	private record Target<P extends PersistentProperty<P>>(PersistentEntity<?, P> entity, P property,
			SequenceIdProperty mapping) {

		boolean isSet(Object value) {
			return SequenceIdType.isSet(value, this.property.getType() == long.class);
		}

	}

}
