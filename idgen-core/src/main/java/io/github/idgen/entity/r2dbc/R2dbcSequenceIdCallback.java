package io.github.idgen.entity.r2dbc;

import java.util.function.Supplier;

import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.data.r2dbc.core.R2dbcEntityOperations;
import org.springframework.data.r2dbc.mapping.OutboundRow;
import org.springframework.data.r2dbc.mapping.event.AfterSaveCallback;
import org.springframework.data.r2dbc.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.data.relational.core.query.Criteria;
import org.springframework.data.relational.core.query.Query;
import org.springframework.data.relational.core.sql.SqlIdentifier;

import io.github.idgen.IdGenerator;
import io.github.idgen.entity.SequenceIdCheck;
import io.github.idgen.entity.DrawnIdentifiers;
import io.github.idgen.entity.springdata.ReactiveSequenceIds;
import io.github.idgen.entity.springdata.SequenceIdAssigner;

/**
 * The Spring Data R2DBC callback that fills the identifier marked
 * {@link io.github.idgen.entity.SequenceId} of an entity before it is saved, when the
 * identifier is not set. Without a sequence named in the annotation, the identifier is
 * drawn from the sequence named like the entity's table (its unquoted name, without the
 * schema). Spring Data R2DBC decides between insert and update before this callback runs,
 * so an entity whose identifier it fills is inserted.
 * <p>
 * A save that fails after the identifier was filled leaves it in a mutable instance, and
 * Spring Data R2DBC takes a second save of that instance for an update of a row that does
 * not exist, which changes nothing and reports no error. So the callback remembers each
 * instance it filled (weakly, by identity) until it is saved; when an instance it still
 * remembers is saved again with the identifier it drew, its {@link AfterSaveCallback}
 * looks the row up after the save and, if there is none, inserts the entity with that
 * identifier, in the same reactive chain (and so the same transaction). A save whose
 * transaction rolls back after the entity was written is not remembered.
 * <p>
 * It never blocks the thread that calls it: an identifier the generator has ready in
 * memory is filled on that thread, and one that waits for the backend is drawn on a
 * scheduler whose threads may block ({@link ReactiveSequenceIds}).
 * <p>
 * It runs in {@link SequenceIdAssigner#ORDER}: after Spring Data's auditing, before the
 * callbacks that declare no order.
 */
public class R2dbcSequenceIdCallback implements BeforeConvertCallback<Object>, AfterSaveCallback<Object>, Ordered {

	private final SequenceIdAssigner<RelationalPersistentEntity<?>, RelationalPersistentProperty> assigner;

	private final ReactiveSequenceIds ids;

	private final RelationalMappingContext context;

	private final Supplier<R2dbcEntityOperations> operations;

	private final DrawnIdentifiers unsaved = new DrawnIdentifiers();

	private final DrawnIdentifiers retried = new DrawnIdentifiers();

	/**
	 * Create the callback.
	 * @param generator looks up the generator the identifiers are drawn from, on the
	 * first identifier drawn
	 * @param context the mapping context of the entities
	 * @param check a further check of each identifier when its entity is first looked up,
	 * which throws to reject it
	 * @param operations looks up the operations that insert a retried entity whose row is
	 * missing, on the first such retry
	 */
	public R2dbcSequenceIdCallback(Supplier<IdGenerator> generator, RelationalMappingContext context,
			SequenceIdCheck check, Supplier<R2dbcEntityOperations> operations) {
		this.assigner = new SequenceIdAssigner<>(generator, context, (entity) -> entity.getTableName().getReference(),
				check);
		this.ids = new ReactiveSequenceIds(this.assigner);
		this.context = context;
		this.operations = operations;
	}

	/**
	 * Fill the identifier of an entity if it is marked and not set.
	 * @param entity the entity about to be saved
	 * @param table the table it is saved to
	 * @return the entity with its identifier, a copy if it is immutable, or a
	 * {@link io.github.idgen.entity.SequenceIdMappingException} naming the entity, the
	 * property and the fix if the entity is mapped wrongly
	 */
	@Override
	public Publisher<Object> onBeforeConvert(Object entity, SqlIdentifier table) {
		Object id = identifier(entity);
		if (id != null && this.unsaved.isDrawn(entity, id)) {
			this.retried.drawn(entity, id);
			return Mono.just(entity);
		}
		return this.ids.assign(entity, this.unsaved::drawn);
	}

	/**
	 * Forget an entity that was saved and, if it is a retried one whose row the save did
	 * not write (an update of a missing row), insert it.
	 * @param entity the entity that was saved
	 * @param row the row it was saved as
	 * @param table the table it was saved to
	 * @return the entity, once it is stored
	 */
	@Override
	public Publisher<Object> onAfterSave(Object entity, OutboundRow row, SqlIdentifier table) {
		Object drawn = this.unsaved.stored(entity);
		Object id = this.retried.stored(entity);
		if (id == null) {
			return Mono.just(entity);
		}
		@SuppressWarnings("unchecked")
		Class<Object> type = (Class<Object>) entity.getClass();
		String property = this.context.getRequiredPersistentEntity(type).getRequiredIdProperty().getName();
		R2dbcEntityOperations operations = this.operations.get();
		return operations.select(type)
			.from(table)
			.matching(Query.query(Criteria.where(property).is(id)))
			.exists()
			.flatMap((exists) -> exists ? Mono.just(entity) : operations.insert(type).into(table).using(entity))
			.doOnError((ex) -> this.unsaved.drawn(entity, (drawn != null) ? drawn : id));
	}

	private Object identifier(Object entity) {
		RelationalPersistentEntity<?> mapped = this.context.getPersistentEntity(entity.getClass());
		return (mapped != null && mapped.hasIdProperty()) ? mapped.getIdentifierAccessor(entity).getIdentifier() : null;
	}

	/**
	 * Check the identifiers of every entity the mapping context knows so far.
	 * @throws io.github.idgen.entity.SequenceIdMappingException naming the entity, the
	 * property and the fix for the first entity that is mapped wrongly
	 * @see SequenceIdAssigner#checkMappings()
	 */
	public void checkMappings() {
		this.assigner.checkMappings();
	}

	/**
	 * Return {@link SequenceIdAssigner#ORDER}.
	 * @return the order
	 */
	@Override
	public int getOrder() {
		return SequenceIdAssigner.ORDER;
	}

}
