package io.github.idgen.autoconfigure.entity;

import java.util.EnumSet;
import java.util.Set;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.SequenceNames;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceRouting;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.entity.SequenceIdProperty;

/**
 * Compares the largest identifier an entity's table already holds with the counter of the
 * entity's sequence, and fails startup if the sequence would issue identifiers the table
 * holds. The default sequence of an entity is named after its table, and a sequence the
 * store does not know starts at 1: a renamed table or a changed naming strategy would
 * otherwise start a new counter silently, and inserts would fail with duplicate keys
 * later. A backend that cannot read a counter without reserving IDs (snowflake, Redis) is
 * not checked; a store that does not answer is logged and not checked, since the
 * application may start before its store, and is not asked again for the entities checked
 * after it: each attempt costs what the store takes to fail, a connection timeout for one
 * that drops packets.
 * <p>
 * Not thread-safe: used by the one thread that runs a check at startup.
 */
final class EntityCounters {

	private static final Log logger = LogFactory.getLog(EntityCounters.class);

	private final SequenceRouting routing;

	private final IdGeneratorProperties properties;

	private final Set<Backend> unanswered = EnumSet.noneOf(Backend.class);

	EntityCounters(SequenceRouting routing, IdGeneratorProperties properties) {
		this.routing = routing;
		this.properties = properties;
	}

	/**
	 * Fail unless the identifier's sequence issues identifiers above the largest the
	 * table holds.
	 * @param id the identifier, numeric
	 * @param holder where the identifiers are stored, as the description names it, such
	 * as {@code table orders (column id)}
	 * @param largest the largest identifier stored there
	 * @throws IdGeneratorConfigurationException naming the entity, the table, the
	 * sequence, its counter and the fixes
	 */
	void check(SequenceIdProperty id, String holder, long largest) {
		String sequence = servingSequence(id.sequence());
		Backend backend = this.routing.backendOf(sequence);
		if (this.unanswered.contains(backend)) {
			logger.warn("Did not check that sequence " + SequenceNames.quote(sequence) + " of " + id.entity() + "."
					+ id.property() + " issues IDs above the largest of " + holder + ": its store did not "
					+ "answer for an entity checked before");
			return;
		}
		long reserved;
		try {
			reserved = this.routing.reservedUpTo(sequence);
		}
		catch (UnsupportedOperationException ex) {
			return;
		}
		catch (BackendUnavailableException ex) {
			this.unanswered.add(backend);
			logger.warn("Could not check that sequence " + SequenceNames.quote(sequence) + " of " + id.entity() + "."
					+ id.property() + " issues IDs above the largest of " + holder + ": " + ex.getMessage());
			return;
		}
		if (reserved >= largest) {
			return;
		}
		String group = "idgen.sequences." + sequence;
		throw new IdGeneratorConfigurationException(group + ".start", null,
				"@SequenceId on " + id.entity() + "." + id.property() + " draws from sequence "
						+ SequenceNames.quote(sequence) + ", which issues IDs from " + (reserved + 1) + " on, while "
						+ holder + " already holds IDs up to " + largest + ": inserts would fail with duplicate keys. "
						+ "A renamed table or a changed naming strategy gives an entity a new sequence (its default "
						+ "name is the table's or collection's), which starts at 1.",
				"If the table or the naming strategy changed, draw from the sequence the entity used before: "
						+ "@SequenceId(\"<its former name>\"). Otherwise start the sequence above the stored IDs: "
						+ group + ".start=" + (largest + 1) + " if the store holds no counter for it yet, or raise "
						+ "its counter in the store to " + largest + ". To skip this check, set "
						+ "idgen.entities.check-counters=false.");
	}

	/**
	 * Log that the largest identifier of an entity's table could not be read, so that its
	 * sequence is not checked.
	 * @param id the identifier
	 * @param holder where the identifiers are stored, such as {@code table orders}
	 * @param failure why it could not be read
	 */
	void unreadable(SequenceIdProperty id, String holder, RuntimeException failure) {
		logger.warn("Could not read the largest ID of " + holder + " to check that sequence "
				+ SequenceNames.quote(id.sequence()) + " of " + id.entity() + "." + id.property()
				+ " issues IDs above it: " + failure.getMessage());
	}

	private String servingSequence(String sequence) {
		if (this.properties.getUnknownSequences() == UnknownSequencePolicy.SHARE
				&& !this.properties.getSequences().containsKey(sequence)) {
			return this.properties.getDefaultSequence();
		}
		return sequence;
	}

}
