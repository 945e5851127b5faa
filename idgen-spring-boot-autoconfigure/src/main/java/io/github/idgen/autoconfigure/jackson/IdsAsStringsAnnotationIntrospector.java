package io.github.idgen.autoconfigure.jackson;

import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

import tools.jackson.databind.JavaType;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Finds the properties that {@link IdsAsStrings} marks, on themselves or on the type that
 * declares them, and gives them serializers that write strings: {@code long},
 * {@code Long}, {@code AtomicLong} and a present {@code OptionalLong} as a string,
 * {@code long[]} as an array of strings, and the elements of a {@code Long[]} or a
 * collection of {@code Long}, the values of a map of {@code Long} and the value of an
 * {@code Optional<Long>} as strings, through Jackson's own array, collection, map and
 * reference serializers. Longs nested deeper, such as in a map of lists, stay numbers. It
 * comes after Jackson's own introspector, so that a serializer a property names itself
 * with {@code @JsonSerialize} wins.
 */
final class IdsAsStringsAnnotationIntrospector extends NopAnnotationIntrospector {

	@Override
	public Object findSerializer(MapperConfig<?> config, Annotated annotated) {
		if (!isMarked(annotated)) {
			return null;
		}
		Class<?> type = annotated.getRawType();
		if (type == long.class || type == Long.class || type == AtomicLong.class) {
			return ToStringSerializer.instance;
		}
		if (type == OptionalLong.class) {
			return OptionalLongAsStringSerializer.INSTANCE;
		}
		return (type == long[].class) ? LongArrayAsStringsSerializer.INSTANCE : null;
	}

	@Override
	public Object findContentSerializer(MapperConfig<?> config, Annotated annotated) {
		if (!isMarked(annotated)) {
			return null;
		}
		JavaType type = annotated.getType();
		boolean container = type.isArrayType() || type.isCollectionLikeType() || type.isMapLikeType()
				|| type.isReferenceType();
		return (container && type.getContentType().getRawClass() == Long.class) ? ToStringSerializer.instance : null;
	}

	private static boolean isMarked(Annotated annotated) {
		return annotated instanceof AnnotatedMember member && (member.hasAnnotation(IdsAsStrings.class)
				|| member.getDeclaringClass().isAnnotationPresent(IdsAsStrings.class));
	}

}
