package io.github.idgen.format;

/**
 * How a sequence formats its IDs and how often its counter restarts.
 *
 * @param format the format of the IDs
 * @param reset how often the counter restarts
 */
public record SequenceFormat(IdFormat format, ResetPeriod reset) {

}
