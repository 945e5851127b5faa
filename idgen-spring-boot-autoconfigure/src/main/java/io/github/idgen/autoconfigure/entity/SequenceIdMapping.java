package io.github.idgen.autoconfigure.entity;

import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceProperties;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.entity.SequenceIdType;

/**
 * One identifier marked {@link io.github.idgen.entity.SequenceId}, as a persistence
 * library mapped it, checked at startup against the idgen configuration.
 *
 * @param entity the entity's name
 * @param property the identifier's name
 * @param type the identifier's type
 * @param sequence the sequence it is drawn from
 */
record SequenceIdMapping(String entity, String property, SequenceIdType type, String sequence) {

	/**
	 * Fail unless the sequence can serve the identifier: a text identifier needs a
	 * sequence with a format.
	 * @param properties the idgen configuration
	 * @throws IdGeneratorConfigurationException naming the entity, the identifier, the
	 * sequence and the property to set
	 */
	void check(IdGeneratorProperties properties) {
		if (this.type != SequenceIdType.TEXT) {
			return;
		}
		SequenceProperties settings = properties.getSequences().get(this.sequence);
		if (settings == null || settings.getFormat() == null) {
			String property = "idgen.sequences." + this.sequence + ".format";
			throw new IdGeneratorConfigurationException(property, null,
					"@SequenceId on " + this.entity + "." + this.property + " draws a String from sequence '"
							+ this.sequence + "', and " + property + " is not set, so the sequence has no text form.",
					"Set " + property + " (such as ORD{yyyyMMdd}{seq:6}), or declare " + this.property
							+ " as Long or long.");
		}
	}

}
