package io.github.idgen.autoconfigure;

import java.util.Map;
import java.util.Optional;

/**
 * Reads the fields of an ID whose backend composes it from fields, such as the time,
 * worker and sequence of a time-based ID. A backend that composes its IDs defines one as
 * a bean; the idgen actuator endpoint decodes through every one.
 */
public interface IdDecoder {

	/**
	 * Return the name of the layout, the key of its fields in a decoded ID.
	 * @return the name, such as the backend's
	 */
	String name();

	/**
	 * Return the fields of an ID under this layout.
	 * @param id the ID
	 * @return the fields by name, fit for JSON, or empty if the layout cannot hold the ID
	 */
	Optional<Map<String, Object>> decode(long id);

}
