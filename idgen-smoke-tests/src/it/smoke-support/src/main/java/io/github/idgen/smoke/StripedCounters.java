package io.github.idgen.smoke;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import io.github.idgen.autoconfigure.jdbc.JdbcProperties;
import io.github.idgen.segment.striped.StripeState;
import io.github.idgen.segment.striped.StripeStatus;
import io.github.idgen.segment.striped.StripedSegmentStore;

/**
 * The check of the striped JDBC application: every store of the striped store is up in
 * generation 1 as the stripe of its position, every one served segments, and the highest
 * counter of each sequence over the stores is at least its highest ID.
 */
public final class StripedCounters implements StoreCheck {

	@Override
	public String check(ApplicationContext context, Map<String, Long> highestIds) {
		JdbcProperties properties = context.getBean(JdbcProperties.class);
		List<StripeState> stripes = context.getBean(StripedSegmentStore.class).stripes();
		List<String> names = properties.getDataSources();
		if (stripes.size() != names.size()) {
			throw new IllegalStateException("The striped store has " + stripes.size() + " stores, not " + names);
		}
		List<String> found = new ArrayList<>();
		for (int index = 0; index < stripes.size(); index++) {
			StripeState stripe = stripes.get(index);
			if (!stripe.name().equals(names.get(index)) || stripe.status() != StripeStatus.UP
					|| stripe.layout().generation() != 1 || stripe.layout().index() != index
					|| stripe.layout().count() != names.size() || stripe.segments() == 0) {
				throw new IllegalStateException("Store " + index + " is " + stripe);
			}
			found.add(stripe.name() + " " + stripe.layout().describe() + ", " + stripe.segments() + " segments");
		}
		highestIds.forEach((sequence, highest) -> {
			long counter = 0;
			for (String name : names) {
				JdbcTemplate jdbc = new JdbcTemplate(context.getBean(name, DataSource.class));
				Long maxId = jdbc.query("SELECT max_id FROM " + properties.getTable() + " WHERE sequence_name = ?",
						(result) -> result.next() ? result.getLong(1) : null, sequence);
				counter = Math.max(counter, (maxId != null) ? maxId : 0);
			}
			if (counter < highest) {
				throw new IllegalStateException(
						"The highest counter of '" + sequence + "' over the stores is " + counter + ", below ID " + highest);
			}
			found.add(sequence + " counters up to " + counter);
		});
		return String.join("; ", found);
	}

}
