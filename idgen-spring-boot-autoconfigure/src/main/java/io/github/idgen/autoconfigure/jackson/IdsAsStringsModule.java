package io.github.idgen.autoconfigure.jackson;

import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Jackson 3 module that writes IDs as JSON strings: the properties that
 * {@link IdsAsStrings} marks always and, when created for all longs, every {@code long},
 * {@code Long} and {@code long[]} (and so every {@code Long[]} and collection of
 * {@code Long}) wherever it occurs, IDs or not. Spring Boot registers it with the
 * application's {@code JsonMapper} as a bean; without Spring Boot, add it to a mapper's
 * builder with {@code addModule}.
 */
public class IdsAsStringsModule extends SimpleModule {

	private static final long serialVersionUID = 1L;

	/**
	 * Create the module.
	 * @param allLongs whether to write every {@code long} as a string, not only those
	 * that {@link IdsAsStrings} marks
	 */
	public IdsAsStringsModule(boolean allLongs) {
		super(IdsAsStringsModule.class.getName());
		if (allLongs) {
			addSerializer(Long.class, ToStringSerializer.instance);
			addSerializer(Long.TYPE, ToStringSerializer.instance);
			addSerializer(long[].class, LongArrayAsStringsSerializer.INSTANCE);
			addSerializer(OptionalLong.class, OptionalLongAsStringSerializer.INSTANCE);
			addSerializer(AtomicLong.class, ToStringSerializer.instance);
		}
	}

	@Override
	public void setupModule(SetupContext context) {
		super.setupModule(context);
		context.appendAnnotationIntrospector(new IdsAsStringsAnnotationIntrospector());
	}

}
