package io.github.idgen.entity.relational;

import java.util.function.Supplier;

import org.springframework.core.Ordered;
import org.springframework.data.relational.core.conversion.DbAction;
import org.springframework.data.relational.core.conversion.IdValueSource;
import org.springframework.data.relational.core.conversion.MutableAggregateChange;
import org.springframework.data.relational.core.conversion.RootAggregateChange;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.RelationalPersistentEntity;
import org.springframework.data.relational.core.mapping.RelationalPersistentProperty;
import org.springframework.data.relational.core.mapping.event.AfterSaveCallback;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.mapping.event.BeforeSaveCallback;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import io.github.idgen.IdGenerator;
import io.github.idgen.entity.DrawnIdentifiers;
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
 * A save that fails after the identifier was filled leaves it in the instance, and Spring
 * Data JDBC would take a second save of that instance for an update of a row that does
 * not exist. So the callback remembers each instance it filled (weakly, by identity)
 * until it is saved and, if a transaction is running, that transaction commits; the
 * second save of an instance it still remembers, with the identifier it drew, inserts the
 * aggregate root with that identifier: its {@link BeforeSaveCallback} adds the insert of
 * the root to the update that Spring Data JDBC planned (which sets the root's action once
 * only), so the update changes no row and the insert writes it. A save whose transaction
 * rolls back makes the instance new again.
 * <p>
 * It runs in {@link SequenceIdAssigner#ORDER}: after Spring Data's auditing, before the
 * callbacks that declare no order.
 */
public class RelationalSequenceIdCallback
		implements BeforeConvertCallback<Object>, BeforeSaveCallback<Object>, AfterSaveCallback<Object>, Ordered {

	private final SequenceIdAssigner<RelationalPersistentEntity<?>, RelationalPersistentProperty> assigner;

	private final RelationalMappingContext context;

	private final DrawnIdentifiers unsaved = new DrawnIdentifiers();

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
		this.context = context;
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
		return this.assigner.assign(aggregate, this.unsaved::drawn);
	}

	/**
	 * Add the insert of an aggregate root whose identifier this callback drew, and that
	 * was never saved, to its update.
	 * @param aggregate the aggregate root about to be saved
	 * @param change what the save does
	 * @return the aggregate root
	 */
	@Override
	public Object onBeforeSave(Object aggregate, MutableAggregateChange<Object> change) {
		if (change instanceof RootAggregateChange<Object> root && isUpdate(root)) {
			RelationalPersistentEntity<?> entity = this.context.getRequiredPersistentEntity(aggregate.getClass());
			if (this.unsaved.isDrawn(aggregate, entity.getIdentifierAccessor(aggregate).getIdentifier())) {
				root.addAction(new DbAction.InsertRoot<>(aggregate, IdValueSource.PROVIDED));
			}
		}
		return aggregate;
	}

	private static boolean isUpdate(RootAggregateChange<Object> change) {
		boolean[] update = new boolean[1];
		change.forEachAction((action) -> update[0] |= action instanceof DbAction.UpdateRoot);
		return update[0];
	}

	/**
	 * Forget an aggregate root that was saved, until its transaction rolls back.
	 * @param aggregate the aggregate root that was saved
	 * @return the aggregate root
	 */
	@Override
	public Object onAfterSave(Object aggregate) {
		Object id = this.unsaved.stored(aggregate);
		if (id != null && TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {

				@Override
				public void afterCompletion(int status) {
					if (status != STATUS_COMMITTED) {
						RelationalSequenceIdCallback.this.unsaved.drawn(aggregate, id);
					}
				}

			});
		}
		return aggregate;
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
