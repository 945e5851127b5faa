package io.github.idgen.autoconfigure.jackson;

import tools.jackson.databind.JavaType;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Finds the properties that {@link IdsAsStrings} marks, on themselves or on the type that
 * declares them, and gives them serializers that write strings: {@code long} and
 * {@code Long} as a string, {@code long[]} as an array of strings, and the elements of a
 * {@code Long[]} or a collection of {@code Long} as strings, through Jackson's own array
 * and collection serializers.
 */
final class IdsAsStringsAnnotationIntrospector extends NopAnnotationIntrospector {

	@Override
	public Object findSerializer(MapperConfig<?> config, Annotated annotated) {
		if (!isMarked(annotated)) {
			return null;
		}
		Class<?> type = annotated.getRawType();
		if (type == long.class || type == Long.class) {
			return ToStringSerializer.instance;
		}
		return (type == long[].class) ? LongArrayAsStringsSerializer.INSTANCE : null;
	}

	@Override
	public Object findContentSerializer(MapperConfig<?> config, Annotated annotated) {
		if (!isMarked(annotated)) {
			return null;
		}
		JavaType type = annotated.getType();
		boolean container = type.isArrayType() || type.isCollectionLikeType();
		return (container && type.getContentType().getRawClass() == Long.class) ? ToStringSerializer.instance : null;
	}

	private static boolean isMarked(Annotated annotated) {
		return annotated instanceof AnnotatedMember member && (member.hasAnnotation(IdsAsStrings.class)
				|| member.getDeclaringClass().isAnnotationPresent(IdsAsStrings.class));
	}

}
