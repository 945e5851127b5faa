package io.github.idgen.entity.r2dbc;

import java.util.function.Supplier;

import org.reactivestreams.Publisher;

import org.springframework.core.Ordered;
import org.springframework.data.r2dbc.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.data.relational.core.sql.SqlIdentifier;

import io.github.idgen.IdGenerator;
import io.github.idgen.entity.SequenceIdCheck;
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
 * It never blocks the thread that calls it: an identifier the generator has ready in
 * memory is filled on that thread, and one that waits for the backend is drawn on a
 * scheduler whose threads may block ({@link ReactiveSequenceIds}).
 * <p>
 * It runs in {@link SequenceIdAssigner#ORDER}: after Spring Data's auditing, before the
 * callbacks that declare no order.
 */
public class R2dbcSequenceIdCallback implements BeforeConvertCallback<Object>, Ordered {

	private final SequenceIdAssigner<RelationalPersistentEntity<?>, RelationalPersistentProperty> assigner;

	private final ReactiveSequenceIds ids;

	/**
	 * Create the callback.
	 * @param generator looks up the generator the identifiers are drawn from, on the
	 * first identifier drawn
	 * @param context the mapping context of the entities
	 * @param check a further check of each identifier when its entity is first looked up,
	 * which throws to reject it
	 */
	public R2dbcSequenceIdCallback(Supplier<IdGenerator> generator, RelationalMappingContext context,
			SequenceIdCheck check) {
		this.assigner = new SequenceIdAssigner<>(generator, context, (entity) -> entity.getTableName().getReference(),
				check);
		this.ids = new ReactiveSequenceIds(this.assigner);
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
		return this.ids.assign(entity, (filled, id) -> {
		});
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
