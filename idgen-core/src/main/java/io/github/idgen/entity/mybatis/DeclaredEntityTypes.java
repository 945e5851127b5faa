package io.github.idgen.entity.mybatis;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.apache.ibatis.mapping.MappedStatement;
import org.apache.ibatis.mapping.ParameterMap;
import org.apache.ibatis.session.Configuration;

/**
 * The classes a MyBatis configuration's statements declare that they write: the
 * statement's parameter type, and the parameters of the mapper method behind it (a
 * statement's id is its mapper interface and method name), each parameter that is a
 * class, an array of a class, or a collection of a class: {@code Order}, {@code Order[]},
 * {@code List<Order>}.
 */
final class DeclaredEntityTypes {

	private final Map<String, Class<?>> mappers;

	/**
	 * Create the lookup of a configuration's statements.
	 * @param configuration the configuration
	 */
	DeclaredEntityTypes(Configuration configuration) {
		this.mappers = configuration.getMapperRegistry()
			.getMappers()
			.stream()
			.collect(Collectors.toMap(Class::getName, Function.identity(), (first, second) -> first));
	}

	/**
	 * Return the classes a statement declares that it writes.
	 * @param statement the statement
	 * @return the classes, without their order mattering; empty if it declares none
	 */
	Set<Class<?>> of(MappedStatement statement) {
		Set<Class<?>> types = new LinkedHashSet<>();
		ParameterMap parameters = statement.getParameterMap();
		if (parameters != null && parameters.getType() != null) {
			types.add(parameters.getType());
		}
		String id = statement.getId();
		int dot = id.lastIndexOf('.');
		Class<?> mapper = (dot > 0) ? this.mappers.get(id.substring(0, dot)) : null;
		if (mapper != null) {
			String name = id.substring(dot + 1);
			for (Method method : mapper.getMethods()) {
				if (method.getName().equals(name)) {
					for (Type parameter : method.getGenericParameterTypes()) {
						addElementType(types, parameter);
					}
				}
			}
		}
		return types;
	}

	private static void addElementType(Set<Class<?>> types, Type parameter) {
		if (parameter instanceof Class<?> type) {
			types.add(type.isArray() ? type.getComponentType() : type);
		}
		else if (parameter instanceof ParameterizedType generic && generic.getRawType() instanceof Class<?> raw
				&& Collection.class.isAssignableFrom(raw) && generic.getActualTypeArguments().length == 1
				&& generic.getActualTypeArguments()[0] instanceof Class<?> element) {
			types.add(element);
		}
	}

}
