package io.github.idgen.entity.relational;

import java.util.function.Supplier;

import org.springframework.core.Ordered;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;

import io.github.idgen.IdGenerator;
import io.github.idgen.entity.SequenceIdCheck;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.springdata.SequenceIdAssigner;

/**
 * The Spring Data JDBC callback that fills the identifier marked
 * {@link io.github.idgen.entity.SequenceId} of an aggregate root before it is saved, when
 * the identifier is not set. Without a sequence named in the annotation, the identifier
 * is drawn from the sequence named like the aggregate's table (its unquoted name, without
 * the schema). Spring Data JDBC decides between insert and update before this callback
 * runs, so an aggregate whose identifier it fills is inserted.
 * <p>
 * It runs in {@link SequenceIdAssigner#ORDER}: after Spring Data's auditing, before the
 * callbacks that declare no order.
 */
public class RelationalSequenceIdCallback implements BeforeConvertCallback<Object>, Ordered {

	private final SequenceIdAssigner<RelationalPersistentEntity<?>, RelationalPersistentProperty> assigner;

	/**
	 * Create the callback.
	 * @param generator looks up the generator the identifiers are drawn from, on the
	 * first identifier drawn
	 * @param context the mapping context of the aggregates
	 * @param check a further check of each identifier when its aggregate is first looked
	 * up, which throws to reject it
	 */
	public RelationalSequenceIdCallback(Supplier<IdGenerator> generator, RelationalMappingContext context,
			SequenceIdCheck check) {
		this.assigner = new SequenceIdAssigner<>(generator, context, (entity) -> entity.getTableName().getReference(),
				check);
	}

	/**
	 * Fill the identifier of an aggregate root if it is marked and not set.
	 * @param aggregate the aggregate root about to be saved
	 * @return the aggregate root with its identifier, a copy if it is immutable
	 * @throws SequenceIdMappingException naming the aggregate, the property and the fix
	 * if the aggregate is mapped wrongly
	 */
	@Override
	public Object onBeforeConvert(Object aggregate) {
		return this.assigner.assign(aggregate);
	}

	/**
	 * Check the identifiers of every aggregate the mapping context knows so far.
	 * @throws SequenceIdMappingException naming the aggregate, the property and the fix
	 * for the first aggregate that is mapped wrongly
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
