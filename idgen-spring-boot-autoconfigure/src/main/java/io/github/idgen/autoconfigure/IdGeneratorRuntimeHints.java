package io.github.idgen.autoconfigure;

import org.springframework.aot.hint.ReflectionHints;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;

/**
 * The reflection that what every backend shares needs in a native image, where
 * {@code Class.forName} finds only registered types and a field is found by name only if
 * it is registered:
 * <ul>
 * <li>the classes of each {@link Backend.Store}, which {@link BackendSelection} looks up
 * by name at startup to tell which stores the application has (when {@code idgen.backend}
 * is not set, and for the worker ID source of the snowflake backend);</li>
 * <li>the cursor of a segment being served, which the segment engine reaches through a
 * {@code VarHandle} it finds by the field's name. Native Image resolves such a lookup at
 * build time when it can fold its arguments, which are constants here; the hint keeps the
 * lookup working where it does not.</li>
 * </ul>
 */
class IdGeneratorRuntimeHints implements RuntimeHintsRegistrar {

	/**
	 * The class of a segment being served, private to the segment engine.
	 */
	static final String SEGMENT_BLOCK = "io.github.idgen.segment.SegmentBuffer$Block";

	/**
	 * Its field that callers advance through a {@code VarHandle}.
	 */
	static final String SEGMENT_CURSOR = "cursor";

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		ReflectionHints reflection = hints.reflection();
		for (Backend backend : Backend.withStore()) {
			reflection.registerType(TypeReference.of(backend.store().beanType()));
			backend.store().requiredClasses().forEach((name) -> reflection.registerType(TypeReference.of(name)));
		}
		reflection.registerType(TypeReference.of(SEGMENT_BLOCK), (type) -> type.withField(SEGMENT_CURSOR));
	}

}
