package io.github.idgen.entity.mongo;

import java.util.function.Supplier;

import org.springframework.core.Ordered;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;
import org.springframework.data.mongodb.core.mapping.MongoPersistentEntity;
import org.springframework.data.mongodb.core.mapping.MongoPersistentProperty;
import org.springframework.data.mongodb.core.mapping.event.BeforeConvertCallback;

import io.github.idgen.IdGenerator;
import io.github.idgen.entity.SequenceIdCheck;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.springdata.SequenceIdAssigner;

/**
 * The Spring Data MongoDB callback that fills the identifier marked
 * {@link io.github.idgen.entity.SequenceId} of a document before it is saved, when the
 * identifier is not set. Without a sequence named in the annotation, the identifier is
 * drawn from the sequence named like the collection the document's class is mapped to
 * ({@code @Document}, or the name derived from the class), whatever collection a single
 * call names.
 * <p>
 * It runs in {@link SequenceIdAssigner#ORDER}: after Spring Data's auditing, before the
 * callbacks that declare no order.
 */
public class MongoSequenceIdCallback implements BeforeConvertCallback<Object>, Ordered {

	private final SequenceIdAssigner<MongoPersistentEntity<?>, MongoPersistentProperty> assigner;

	/**
	 * Create the callback.
	 * @param generator looks up the generator the identifiers are drawn from, on the
	 * first identifier drawn
	 * @param context the mapping context of the documents
	 * @param check a further check of each identifier when its document class is first
	 * looked up, which throws to reject it
	 */
	public MongoSequenceIdCallback(Supplier<IdGenerator> generator, MongoMappingContext context,
			SequenceIdCheck check) {
		this.assigner = new SequenceIdAssigner<>(generator, context, MongoPersistentEntity::getCollection, check);
	}

	/**
	 * Fill the identifier of a document if it is marked and not set.
	 * @param document the document about to be saved
	 * @param collection the collection it is saved to
	 * @return the document with its identifier, a copy if it is immutable
	 * @throws SequenceIdMappingException naming the document class, the property and the
	 * fix if the class is mapped wrongly
	 */
	@Override
	public Object onBeforeConvert(Object document, String collection) {
		return this.assigner.assign(document);
	}

	/**
	 * Check the identifiers of every document class the mapping context knows so far.
	 * @throws SequenceIdMappingException naming the document class, the property and the
	 * fix for the first class that is mapped wrongly
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
