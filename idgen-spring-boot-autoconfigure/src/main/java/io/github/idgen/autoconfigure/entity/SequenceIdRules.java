package io.github.idgen.autoconfigure.entity;

import java.util.Locale;

import io.github.idgen.SequenceNames;
import io.github.idgen.UnknownSequencePolicy;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SequenceProperties;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.entity.SequenceIdCheck;
import io.github.idgen.entity.SequenceIdProperty;
import io.github.idgen.entity.SequenceIdType;
import io.github.idgen.format.ResetPeriod;

/**
 * What the idgen configuration requires of a sequence that numbers identifiers marked
 * {@link io.github.idgen.entity.SequenceId}, checked at startup: a valid name; configured
 * if unknown sequences are rejected; never repeating an ID (no cycle, and a number only
 * from a sequence whose counter never restarts); and, for a {@code String} identifier, a
 * format.
 */
final class SequenceIdRules implements SequenceIdCheck {

	private final IdGeneratorProperties properties;

	SequenceIdRules(IdGeneratorProperties properties) {
		this.properties = properties;
	}

	/**
	 * Fail unless the identifier's sequence can number it.
	 * @param id the identifier
	 * @throws IdGeneratorConfigurationException naming the entity, the identifier, the
	 * sequence and the property or annotation to change
	 */
	@Override
	public void check(SequenceIdProperty id) {
		String name = id.sequence();
		String marked = "@SequenceId on " + id.entity() + "." + id.property() + " draws from sequence "
				+ SequenceNames.quote(name);
		try {
			SequenceNames.validate(name);
		}
		catch (IllegalArgumentException ex) {
			throw new IdGeneratorConfigurationException("idgen.sequences", name,
					marked + ", which is not a valid sequence name: " + ex.getMessage(),
					"Name a valid sequence in @SequenceId(\"...\") on " + id.entity() + "." + id.property() + ".");
		}
		String group = "idgen.sequences." + name;
		SequenceProperties settings = this.properties.getSequences().get(name);
		if (settings == null && this.properties.getUnknownSequences() == UnknownSequencePolicy.REJECT) {
			throw new IdGeneratorConfigurationException(group, null,
					marked + ", which is not configured, and idgen.unknown-sequences is 'reject'.",
					"Configure the sequence under " + group + " (such as " + group
							+ ".start=1), or name a configured sequence in @SequenceId.");
		}
		if (settings == null && this.properties.getUnknownSequences() == UnknownSequencePolicy.SHARE) {
			settings = this.properties.getSequences().get(this.properties.getDefaultSequence());
		}
		if (settings == null) {
			settings = new SequenceProperties();
		}
		checkNeverRepeats(id, marked, group, settings);
		if (id.type() == SequenceIdType.TEXT && settings.getFormat() == null && settings.getText() == null) {
			throw new IdGeneratorConfigurationException(group + ".format", null,
					marked + " as a String, and neither " + group + ".format nor " + group
							+ ".text is set, so the sequence has no text form.",
					"Set " + group + ".format (such as ORD{yyyyMMdd}{seq:6}) or " + group + ".text (such as base62), "
							+ "or declare " + id.property() + " as Long or long.");
		}
	}

	private static void checkNeverRepeats(SequenceIdProperty id, String marked, String group,
			SequenceProperties settings) {
		if (settings.isCycle()) {
			throw new IdGeneratorConfigurationException(group + ".cycle", true,
					marked + ", which cycles (" + group + ".cycle=true) and so repeats its IDs, and an identifier "
							+ "must never repeat.",
					"Set " + group + ".cycle=false, or draw " + id.property()
							+ " from a sequence that does not cycle.");
		}
		ResetPeriod reset = settings.getReset();
		if (id.type() == SequenceIdType.NUMBER && settings.getFormat() != null && reset != null
				&& reset != ResetPeriod.NEVER) {
			String period = reset.name().toLowerCase(Locale.ROOT);
			throw new IdGeneratorConfigurationException(group + ".reset", period, marked
					+ " as a number, and its counter restarts " + period + " (" + group
					+ ".reset), so its numbers repeat; only its formatted IDs, which hold the period, never repeat.",
					"Declare " + id.property() + " as String to take the formatted IDs, or set " + group
							+ ".reset=never, or draw " + id.property() + " from a sequence without a reset.");
		}
	}

}
