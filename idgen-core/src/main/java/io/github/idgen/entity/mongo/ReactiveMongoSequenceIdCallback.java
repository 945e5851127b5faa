package io.github.idgen.entity.mongo;

import java.util.function.Supplier;

import org.reactivestreams.Publisher;

import org.springframework.core.Ordered;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;
import org.springframework.data.mongodb.core.mapping.MongoPersistentEntity;
import org.springframework.data.mongodb.core.mapping.MongoPersistentProperty;
import org.springframework.data.mongodb.core.mapping.event.ReactiveBeforeConvertCallback;

import io.github.idgen.IdGenerator;
import io.github.idgen.entity.SequenceIdCheck;
import io.github.idgen.entity.springdata.ReactiveSequenceIds;
import io.github.idgen.entity.springdata.SequenceIdAssigner;

/**
 * The reactive Spring Data MongoDB callback ({@code ReactiveMongoTemplate} and reactive
 * repositories) that fills the identifier marked
 * {@link io.github.idgen.entity.SequenceId} of a document before it is saved, when the
 * identifier is not set, by the rules of {@link MongoSequenceIdCallback}: the same
 * default sequence, and a {@code String} identifier only if it is mapped as a string.
 * <p>
 * Replacements are not told apart: {@code ReactiveMongoTemplate.replace} runs no
 * callback, so its replacement draws no identifier, but {@code findAndReplace} and a bulk
 * {@code replaceOne} run this one from a reactive chain, whose stack does not show the
 * template's method as the imperative template's does. A replacement whose identifier is
 * unset is given one like a new document, and MongoDB refuses the {@code findAndReplace}
 * for changing the {@code _id}: set the replacement's identifier to the replaced
 * document's.
 * <p>
 * It never blocks the thread that calls it: an identifier the generator has ready in
 * memory is filled on that thread, and one that waits for the backend is drawn on a
 * scheduler whose threads may block ({@link ReactiveSequenceIds}).
 * <p>
 * It runs in {@link SequenceIdAssigner#ORDER}: after Spring Data's auditing, before the
 * callbacks that declare no order.
 */
public class ReactiveMongoSequenceIdCallback implements ReactiveBeforeConvertCallback<Object>, Ordered {

	private final SequenceIdAssigner<MongoPersistentEntity<?>, MongoPersistentProperty> assigner;

	private final ReactiveSequenceIds ids;

	/**
	 * Create the callback.
	 * @param generator looks up the generator the identifiers are drawn from, on the
	 * first identifier drawn
	 * @param context the mapping context of the documents
	 * @param check a further check of each identifier when its document class is first
	 * looked up, which throws to reject it
	 */
	public ReactiveMongoSequenceIdCallback(Supplier<IdGenerator> generator, MongoMappingContext context,
			SequenceIdCheck check) {
		this.assigner = new SequenceIdAssigner<>(generator, context, MongoPersistentEntity::getCollection, check,
				MongoSequenceIdCallback::checkStoredAsString);
		this.ids = new ReactiveSequenceIds(this.assigner);
	}

	/**
	 * Fill the identifier of a document if it is marked and not set.
	 * @param document the document about to be saved
	 * @param collection the collection it is saved to
	 * @return the document with its identifier, a copy if it is immutable, or a
	 * {@link io.github.idgen.entity.SequenceIdMappingException} naming the document
	 * class, the property and the fix if the class is mapped wrongly
	 */
	@Override
	public Publisher<Object> onBeforeConvert(Object document, String collection) {
		return this.ids.assign(document, (filled, id) -> {
		});
	}

	/**
	 * Check the identifiers of every document class the mapping context knows so far.
	 * @throws io.github.idgen.entity.SequenceIdMappingException naming the document
	 * class, the property and the fix for the first class that is mapped wrongly
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
