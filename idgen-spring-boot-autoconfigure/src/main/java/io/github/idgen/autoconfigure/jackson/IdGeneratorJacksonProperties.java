package io.github.idgen.autoconfigure.jackson;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of IDs in JSON, written by Jackson.
 */
@ConfigurationProperties(prefix = IdGeneratorJacksonProperties.PREFIX, ignoreUnknownFields = false)
public class IdGeneratorJacksonProperties {

	/**
	 * The name these properties are bound to.
	 */
	public static final String PREFIX = "idgen.jackson";

	/**
	 * Whether the application's JsonMapper writes every long, Long, long[], OptionalLong
	 * and AtomicLong (and so every Long[], and collection, map and Optional of Long) as
	 * JSON strings, for JavaScript clients whose numbers are exact only up to 2^53. It
	 * applies to all longs, not only IDs: counts, sizes and timestamps in milliseconds
	 * too. Off, only the types and properties annotated with @IdsAsStrings are written as
	 * strings.
	 */
	private boolean idsAsStrings;

	public boolean isIdsAsStrings() {
		return this.idsAsStrings;
	}

	public void setIdsAsStrings(boolean idsAsStrings) {
		this.idsAsStrings = idsAsStrings;
	}

}
