package io.github.idgen.autoconfigure.entity;

import org.bson.Document;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoOperations;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;
import org.springframework.data.mongodb.core.mapping.MongoPersistentEntity;
import org.springframework.data.mongodb.core.mapping.MongoPersistentProperty;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.schema.JsonSchemaObject.Type;

import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.SequenceIdProperty;
import io.github.idgen.entity.SequenceIdType;

/**
 * Checks, once the application context has created its singletons, that the sequence of
 * every Spring Data MongoDB document class the mapping context knows then, whose numeric
 * identifier is marked {@code @SequenceId}, issues identifiers above the largest its
 * collection holds (see {@link EntityCounters}): the largest 64-bit integer {@code _id},
 * read with an index-backed sort on {@code _id}. A collection that cannot be read is
 * logged and not checked.
 */
class MongoEntityCounterCheck implements SmartInitializingSingleton {

	private final MongoMappingContext context;

	private final MongoOperations mongo;

	private final EntityCounters counters;

	MongoEntityCounterCheck(MongoMappingContext context, MongoOperations mongo, EntityCounters counters) {
		this.context = context;
		this.mongo = mongo;
		this.counters = counters;
	}

	@Override
	public void afterSingletonsInstantiated() {
		for (MongoPersistentEntity<?> entity : this.context.getPersistentEntities()) {
			MongoPersistentProperty id = entity.getIdProperty();
			if (id != null && id.isAnnotationPresent(SequenceId.class)
					&& (id.getType() == Long.class || id.getType() == long.class)) {
				check(entity, id);
			}
		}
	}

	private void check(MongoPersistentEntity<?> entity, MongoPersistentProperty id) {
		String collection = entity.getCollection();
		String sequence = SequenceIdType.sequenceName(id.getRequiredAnnotation(SequenceId.class), collection);
		SequenceIdProperty property = new SequenceIdProperty(entity.getType().getName(), id.getName(),
				SequenceIdType.NUMBER, sequence);
		Document largest;
		try {
			Query query = new Query(Criteria.where("_id").type(Type.INT_64)).with(Sort.by(Sort.Direction.DESC, "_id"))
				.limit(1);
			query.fields().include("_id");
			largest = this.mongo.findOne(query, Document.class, collection);
		}
		catch (RuntimeException ex) {
			this.counters.unreadable(property, "collection " + collection, ex);
			return;
		}
		if (largest != null) {
			this.counters.check(property, "collection " + collection, largest.getLong("_id"));
		}
	}

}
