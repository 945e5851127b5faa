package io.github.idgen.entity.mybatis;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.apache.ibatis.executor.Executor;
import org.apache.ibatis.mapping.MappedStatement;
import org.apache.ibatis.mapping.SqlCommandType;
import org.apache.ibatis.plugin.Interceptor;
import org.apache.ibatis.plugin.Intercepts;
import org.apache.ibatis.plugin.Invocation;
import org.apache.ibatis.plugin.Signature;
import org.apache.ibatis.reflection.MetaObject;
import org.apache.ibatis.reflection.Reflector;
import org.apache.ibatis.reflection.property.PropertyNamer;
import org.apache.ibatis.session.Configuration;

import io.github.idgen.IdGenerator;
import io.github.idgen.Sequence;
import io.github.idgen.entity.DrawnIdentifiers;
import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.SequenceIdCheck;
import io.github.idgen.entity.SequenceIdMappingException;
import io.github.idgen.entity.SequenceIdProperty;
import io.github.idgen.entity.SequenceIdType;

/**
 * The MyBatis interceptor that fills the identifiers marked {@link SequenceId} of the
 * entities an insert statement writes, before the statement runs. It intercepts
 * {@link Executor#update(MappedStatement, Object)}, which every insert, update and delete
 * passes, of every executor type (simple, reuse, batch), and acts on insert statements
 * only: updates and deletes are left alone.
 * <p>
 * The entities of an insert are its parameter itself, or the values of a parameter map,
 * which is what MyBatis makes of several parameters and of a collection or an array (its
 * {@code collection}, {@code list} and {@code array} keys, and {@code @Param} names), and
 * the elements of each value that is a collection or an array, as a {@code <foreach>}
 * multi-row insert takes them. Each entity is filled once, even when the map holds it
 * under several keys. The entities of one insert that draw numbers from one sequence take
 * them with one {@link IdGenerator#nextIds(String, int)} call, in the order of the
 * parameter; formatted ({@code String}) identifiers are drawn one by one.
 * <p>
 * Unset is {@code null}, or {@code 0} for a primitive {@code long}. An identifier the
 * application set fails the insert with an {@link AssignedSequenceIdException} before
 * anything is drawn or written, unless {@link SequenceId#allowAssigned()} keeps it; an
 * identifier this interceptor drew for the same instance is kept, so that an insert
 * retried after a failure writes the identifier it drew the first time.
 * <p>
 * MyBatis maps statements, not tables, so {@link SequenceId} must name the sequence. The
 * identifier is set as MyBatis sets properties: through its setter, or else its field. An
 * entity class is looked up on its first insert, or by {@link #checkMappings}, and kept;
 * a class that fails, naming the entity, the property and the fix, is looked up again on
 * its next insert.
 * <p>
 * The generator is looked up on the first identifier drawn, and kept. Thread-safe.
 */
@Intercepts(@Signature(type = Executor.class, method = "update", args = { MappedStatement.class, Object.class }))
public class MyBatisSequenceIdInterceptor implements Interceptor {

	private final Supplier<IdGenerator> generator;

	private final SequenceIdCheck check;

	private final Map<Class<?>, Optional<Target>> targets = new ConcurrentHashMap<>();

	private final DrawnIdentifiers drawn = new DrawnIdentifiers();

	private volatile IdGenerator ids;

	/**
	 * Create the interceptor.
	 * @param generator looks up the generator the identifiers are drawn from, once
	 * @param check a further check of each identifier when its entity class is first
	 * looked up, which throws to reject it
	 */
	public MyBatisSequenceIdInterceptor(Supplier<IdGenerator> generator, SequenceIdCheck check) {
		this.generator = generator;
		this.check = check;
	}

	/**
	 * Fill the unset identifiers of the entities of an insert, then run it.
	 * @param invocation the call of {@link Executor#update(MappedStatement, Object)}
	 * @return what the executor returns
	 * @throws Throwable what the executor throws
	 * @throws SequenceIdMappingException naming the entity, the property and the fix if
	 * an entity class is mapped wrongly
	 * @throws AssignedSequenceIdException if an entity has an identifier the application
	 * set, which its annotation does not allow
	 */
	@Override
	public Object intercept(Invocation invocation) throws Throwable {
		Object[] args = invocation.getArgs();
		MappedStatement statement = (MappedStatement) args[0];
		if (statement.getSqlCommandType() == SqlCommandType.INSERT && args[1] != null) {
			assign(statement.getConfiguration(), args[1]);
		}
		return invocation.proceed();
	}

	private void assign(Configuration configuration, Object parameter) {
		Map<Target, List<MetaObject>> unset = new LinkedHashMap<>();
		for (Object entity : entities(parameter)) {
			Optional<Target> found = this.targets.computeIfAbsent(entity.getClass(),
					(type) -> find(configuration, type));
			if (found.isPresent()) {
				Target target = found.get();
				MetaObject meta = configuration.newMetaObject(entity);
				Object id = meta.getValue(target.property());
				if (!SequenceIdType.isSet(id, target.primitive())) {
					unset.computeIfAbsent(target, (key) -> new ArrayList<>()).add(meta);
				}
				else if (!target.allowAssigned() && !this.drawn.isDrawn(entity, id)) {
					throw assigned(target, id);
				}
			}
		}
		unset.forEach(this::fill);
	}

	private static Collection<Object> entities(Object parameter) {
		Entities entities = new Entities();
		if (parameter instanceof Map<?, ?> map) {
			map.values().forEach(entities::addAll);
		}
		else {
			entities.addAll(parameter);
		}
		return entities.list;
	}

	private void fill(Target target, List<MetaObject> entities) {
		SequenceIdProperty mapping = target.mapping();
		if (mapping.type() == SequenceIdType.NUMBER) {
			for (int from = 0; from < entities.size(); from += Sequence.MAX_BATCH_SIZE) {
				List<MetaObject> batch = entities.subList(from,
						Math.min(entities.size(), from + Sequence.MAX_BATCH_SIZE));
				long[] numbers = ids().nextIds(mapping.sequence(), batch.size());
				for (int i = 0; i < numbers.length; i++) {
					set(target, batch.get(i), numbers[i]);
				}
			}
		}
		else {
			for (MetaObject entity : entities) {
				set(target, entity, mapping.type().next(ids(), mapping.sequence()));
			}
		}
	}

	private void set(Target target, MetaObject entity, Object id) {
		entity.setValue(target.property(), id);
		this.drawn.drawn(entity.getOriginalObject(), id);
	}

	private IdGenerator ids() {
		IdGenerator found = this.ids;
		if (found == null) {
			found = this.generator.get();
			this.ids = found;
		}
		return found;
	}

	/**
	 * Look up the entity classes that the insert statements of a MyBatis configuration
	 * declare, so that a wrong mapping fails now rather than on the first insert; and
	 * fail if such a class has an identifier marked {@link SequenceId} and the
	 * configuration does not have this interceptor. A statement declares its parameter
	 * type and, if its mapper interface is registered, the classes its mapper method
	 * takes, alone, in arrays or in collections ({@code List<Order>}); the entities of
	 * any other insert, such as one whose parameter is a {@code Map}, are looked up on
	 * the first insert.
	 * @param configuration the configuration of a {@code SqlSessionFactory}
	 * @throws SequenceIdMappingException naming the entity, the property and the fix for
	 * the first entity class that is mapped wrongly, or the statement that would insert
	 * an entity without this interceptor
	 */
	public void checkMappings(Configuration configuration) {
		boolean intercepted = configuration.getInterceptors().contains(this);
		DeclaredEntityTypes declared = new DeclaredEntityTypes(configuration);
		Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
		// the values are MappedStatements, or markers of names that two namespaces share
		Collection<?> statements = configuration.getMappedStatements();
		for (Object found : statements) {
			if (found instanceof MappedStatement statement && seen.add(statement)
					&& statement.getSqlCommandType() == SqlCommandType.INSERT) {
				for (Class<?> type : declared.of(statement)) {
					Optional<Target> target = this.targets.computeIfAbsent(type, (key) -> find(configuration, key));
					if (target.isPresent() && !intercepted) {
						throw notIntercepted(statement, target.get());
					}
				}
			}
		}
	}

	private Optional<Target> find(Configuration configuration, Class<?> type) {
		String name = type.getName();
		if (type.isRecord()) {
			for (RecordComponent component : type.getRecordComponents()) {
				if (component.getAccessor().isAnnotationPresent(SequenceId.class)) {
					throw new SequenceIdMappingException("@SequenceId on " + name + "." + component.getName() + ": "
							+ name + " is a record, whose identifier cannot be set once it is created, and MyBatis "
							+ "inserts the instance the application passes. Declare " + name
							+ " as a class with a setter for " + component.getName() + ".");
				}
			}
			return Optional.empty();
		}
		String property = null;
		SequenceId annotation = null;
		for (Class<?> declaring = type; declaring != null
				&& declaring != Object.class; declaring = declaring.getSuperclass()) {
			List<AnnotatedElement> members = new ArrayList<>(List.of(declaring.getDeclaredFields()));
			members.addAll(List.of(declaring.getDeclaredMethods()));
			for (AnnotatedElement member : members) {
				SequenceId marked = member.getAnnotation(SequenceId.class);
				if (marked != null) {
					String markedProperty = propertyName(name, member);
					if (property != null && !property.equals(markedProperty)) {
						throw new SequenceIdMappingException("@SequenceId on " + name + "." + markedProperty
								+ " and on " + name + "." + property + ": an entity has one identifier. Keep "
								+ "@SequenceId on the property its insert statements write as the identifier.");
					}
					property = markedProperty;
					annotation = marked;
				}
			}
		}
		if (annotation == null) {
			return Optional.empty();
		}
		String marked = "@SequenceId on " + name + "." + property + ": ";
		Reflector reflector = configuration.getReflectorFactory().findForClass(type);
		if (!reflector.hasSetter(property)) {
			throw new SequenceIdMappingException(marked + name + " has neither a setter of " + property
					+ " nor a field that is not final, so MyBatis cannot set it. Add a setter set"
					+ property.substring(0, 1).toUpperCase(Locale.ROOT) + property.substring(1)
					+ ", or make the field not final.");
		}
		SequenceIdType idType;
		try {
			idType = SequenceIdType.of(name, property, reflector.getSetterType(property));
		}
		catch (IllegalArgumentException ex) {
			throw new SequenceIdMappingException(ex.getMessage());
		}
		if (annotation.value().isEmpty()) {
			throw new SequenceIdMappingException(marked + "no sequence is named, and MyBatis maps statements, not "
					+ "tables, so there is no table name to take. Name the sequence: @SequenceId(\"...\").");
		}
		SequenceIdProperty mapping = new SequenceIdProperty(name, property, idType, annotation.value());
		this.check.check(mapping);
		return Optional.of(new Target(type, property, mapping, reflector.getSetterType(property) == long.class,
				annotation.allowAssigned()));
	}

	private static String propertyName(String entity, AnnotatedElement member) {
		if (member instanceof Field field) {
			return field.getName();
		}
		String method = ((Method) member).getName();
		if (!PropertyNamer.isProperty(method)) {
			throw new SequenceIdMappingException("@SequenceId on " + entity + "." + method + "(): " + method
					+ " is not a getter or setter, and idgen fills properties. Move @SequenceId to the identifier's "
					+ "field or getter.");
		}
		return PropertyNamer.methodToProperty(method);
	}

	private static AssignedSequenceIdException assigned(Target target, Object id) {
		SequenceIdProperty mapping = target.mapping();
		return new AssignedSequenceIdException("@SequenceId on " + mapping.entity() + "." + mapping.property()
				+ ": an instance was inserted with " + mapping.property() + " " + id
				+ " set by the application, and identifiers marked @SequenceId are drawn from sequence '"
				+ mapping.sequence() + "'. Leave " + mapping.property() + " unset (null"
				+ (target.primitive() ? ", or 0" : "") + ") to draw it, or set @SequenceId(value = \""
				+ mapping.sequence() + "\", allowAssigned = true) to insert assigned identifiers.");
	}

	private static SequenceIdMappingException notIntercepted(MappedStatement statement, Target target) {
		SequenceIdProperty mapping = target.mapping();
		return new SequenceIdMappingException("The MyBatis insert " + statement.getId() + " writes " + mapping.entity()
				+ ", whose " + mapping.property() + " is marked @SequenceId, and its "
				+ "SqlSessionFactory does not have idgen's MyBatisSequenceIdInterceptor, so the identifier would "
				+ "not be drawn. Add the interceptor bean to the factory's plugins (SqlSessionFactoryBean.setPlugins), "
				+ "or let mybatis-spring-boot-starter build the factory, which adds it.");
	}

	/**
	 * The entities of one insert, each once, in the order of its parameter.
	 */
	private static final class Entities {

		private final List<Object> list = new ArrayList<>();

		private final Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());

		void addAll(Object value) {
			if (value instanceof Iterable<?> elements) {
				elements.forEach(this::add);
			}
			else if (value instanceof Object[] elements) {
				for (Object element : elements) {
					add(element);
				}
			}
			else {
				add(value);
			}
		}

		private void add(Object entity) {
			if (entity != null && this.seen.add(entity)) {
				this.list.add(entity);
			}
		}

	}

	/**
	 * The identifier to fill of one entity class.
	 *
	 * @param type the entity class
	 * @param property the identifier's property name
	 * @param mapping what the identifier draws from
	 * @param primitive whether the identifier is a primitive {@code long}
	 * @param allowAssigned whether identifiers the application set are kept
	 */
	private record Target(Class<?> type, String property, SequenceIdProperty mapping, boolean primitive,
			boolean allowAssigned) {

	}

}
