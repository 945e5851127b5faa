package io.github.idgen.segment.striped;

import java.util.Objects;

/**
 * A store of a {@link StripedSegmentStore} and the name that messages, health and metrics
 * call it by, such as the name of its {@code DataSource} bean.
 *
 * @param name the name of the store, unique within the striped store
 * @param store the store
 */
public record StripeMember(String name, StripeStore store) {

	/**
	 * Create a member, checking that it has a name and a store.
	 * @param name the name of the store
	 * @param store the store
	 */
	public StripeMember {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("A stripe's name must not be empty");
		}
		Objects.requireNonNull(store, "A stripe's store must not be null");
	}

}
