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
import io.github.idgen.entity.SequenceIdProperty;
import io.github.idgen.entity.SequenceIdType;
import io.github.idgen.entity.springdata.SequenceIdAssigner;

/**
 * The Spring Data MongoDB callback that fills the identifier marked
 * {@link io.github.idgen.entity.SequenceId} of a document before it is saved, when the
 * identifier is not set. Without a sequence named in the annotation, the identifier is
 * drawn from the sequence named like the collection the document's class is mapped to
 * ({@code @Document}, or the name derived from the class), whatever collection a single
 * call names.
 * <p>
 * A replacement ({@code MongoTemplate.findAndReplace} or {@code replace}, which run this
 * callback too) is left alone: the replaced document keeps its {@code _id}, and no
 * identifier is drawn for it.
 * <p>
 * A {@code String} identifier must be stored as a string: Spring Data MongoDB converts
 * one of 24 hexadecimal digits, such as {@code {yyyyMMddHHmmssSSS}{seq:7}} gives, to an
 * ObjectId unless the property is mapped to a string ({@code @MongoId},
 * {@code @MongoId(FieldType.STRING)}), and such a mapping is rejected when the document
 * class is checked.
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
		this.assigner = new SequenceIdAssigner<>(generator, context, MongoPersistentEntity::getCollection, check,
				MongoSequenceIdCallback::checkStoredAsString);
	}

	/**
	 * Fill the identifier of a document if it is marked and not set, unless the document
	 * replaces another.
	 * @param document the document about to be saved
	 * @param collection the collection it is saved to
	 * @return the document with its identifier, a copy if it is immutable
	 * @throws SequenceIdMappingException naming the document class, the property and the
	 * fix if the class is mapped wrongly
	 */
	@Override
	public Object onBeforeConvert(Object document, String collection) {
		return ReplaceCalls.isReplacing() ? document : this.assigner.assign(document);
	}

	static void checkStoredAsString(MongoPersistentProperty property, SequenceIdProperty mapping) {
		if (mapping.type() == SequenceIdType.TEXT && property.getFieldType() != String.class) {
			String where = mapping.entity() + "." + mapping.property();
			throw new SequenceIdMappingException("@SequenceId on " + where + ": a String identifier that Spring Data "
					+ "MongoDB stores as an ObjectId (" + property.getFieldType().getName()
					+ ") when it has 24 hexadecimal digits, such as a format {yyyyMMddHHmmssSSS}{seq:7} gives, so "
					+ "that it no longer reads back as the ID idgen drew. Annotate " + mapping.property()
					+ " with @MongoId(FieldType.STRING) instead of @Id, or declare it as Long.");
		}
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
