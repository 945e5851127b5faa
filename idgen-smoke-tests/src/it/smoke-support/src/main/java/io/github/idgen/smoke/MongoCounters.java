package io.github.idgen.smoke;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bson.Document;

import org.springframework.context.ApplicationContext;
import org.springframework.data.mongodb.core.MongoTemplate;

import io.github.idgen.autoconfigure.mongo.MongoProperties;

/**
 * The check of the MongoDB application: the counter document of each sequence is at
 * least its highest ID.
 */
public final class MongoCounters implements StoreCheck {

	@Override
	public String check(ApplicationContext context, Map<String, Long> highestIds) {
		MongoTemplate mongo = context.getBean(MongoTemplate.class);
		String collection = context.getBean(MongoProperties.class).getCollection();
		List<String> counters = new ArrayList<>();
		highestIds.forEach((sequence, highest) -> {
			Document counter = mongo.findById(sequence, Document.class, collection);
			Number value = (counter != null) ? counter.get("value", Number.class) : null;
			if (value == null || value.longValue() < highest) {
				throw new IllegalStateException("The counter of '" + sequence + "' in " + collection + " is "
						+ counter + ", below ID " + highest);
			}
			counters.add(collection + "[" + sequence + "].value=" + value);
		});
		return String.join(", ", counters);
	}

}
