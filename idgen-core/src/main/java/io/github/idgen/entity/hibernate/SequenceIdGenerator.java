package io.github.idgen.entity.hibernate;

import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.util.EnumSet;
import java.util.Map;

import org.hibernate.MappingException;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.resource.beans.container.spi.BeanContainer;
import org.hibernate.resource.beans.spi.BeanInstanceProducer;
import org.hibernate.resource.beans.spi.ManagedBeanRegistry;

import io.github.idgen.IdGenerator;
import io.github.idgen.entity.SequenceId;
import io.github.idgen.entity.SequenceIdCheck;
import io.github.idgen.entity.SequenceIdProperty;
import io.github.idgen.entity.SequenceIdType;

/**
 * The Hibernate identifier generator of {@link SequenceId}: before each insert it draws
 * the identifier from the application's {@link IdGenerator}, so that inserts are batched
 * and no SQL is issued for the identifier. The generator is found through the bean
 * container Hibernate was given (Spring's, which Spring Boot's JPA auto-configuration
 * sets up), on the first insert, and kept.
 * <p>
 * Hibernate may also build the mappings without a bean container, to inspect them rather
 * than to persist: Spring Data JPA does so while an application is processed ahead of
 * time, to plan the queries of its repositories. The generator is then set up as usual,
 * and fails only if it is asked for an identifier.
 * <p>
 * Hibernate creates and initializes one instance per entity hierarchy, at startup, on one
 * thread, before any session can use it; {@link #generate} then runs on any thread. The
 * IdGenerator it finds is published through a volatile field: a race finds the same
 * singleton twice.
 */
public class SequenceIdGenerator implements BeforeExecutionGenerator, AnnotationBasedGenerator<SequenceId> {

	/**
	 * The configuration setting that, when {@code false}, makes every {@link SequenceId}
	 * fail at startup: the switch of the JPA integration.
	 */
	public static final String ENABLED_SETTING = "idgen.entities.jpa.enabled";

	/**
	 * The configuration setting that holds the {@link SequenceIdCheck} every identifier's
	 * sequence must pass when Hibernate builds the mappings.
	 */
	public static final String CHECK_SETTING = "idgen.entities.jpa.check";

	private static final long serialVersionUID = 1L;

	private String identifier;

	private String sequence;

	private SequenceIdType type;

	private boolean primitive;

	private boolean allowAssigned;

	private transient BeanContainer beans;

	private transient volatile IdGenerator ids;

	/**
	 * Create a generator for Hibernate to {@link #initialize initialize}. Hibernate may
	 * have the bean container create it, which needs this constructor.
	 */
	public SequenceIdGenerator() {
	}

	/**
	 * Set the generator up for one identifier, as Hibernate does for a property annotated
	 * {@link SequenceId}.
	 * @param annotation the annotation
	 * @param member the identifier's field or getter
	 * @param context the mapping of the entity
	 * @throws MappingException naming the entity, the identifier and the fix if the
	 * identifier's type cannot hold an idgen identifier, or if the JPA integration is
	 * switched off
	 * @throws RuntimeException what the {@link #CHECK_SETTING check} throws
	 */
	@Override
	public void initialize(SequenceId annotation, Member member, GeneratorCreationContext context) {
		String entity = context.getPersistentClass().getEntityName();
		String property = context.getProperty().getName();
		Map<String, Object> settings = context.getServiceRegistry()
			.requireService(ConfigurationService.class)
			.getSettings();
		Object enabled = settings.get(ENABLED_SETTING);
		if (enabled != null && !Boolean.parseBoolean(enabled.toString())) {
			throw switchedOff(entity + "." + property);
		}
		Class<?> declared = javaType(member);
		try {
			this.type = SequenceIdType.of(entity, property,
					declared.isPrimitive() ? declared : context.getProperty().getType().getReturnedClass());
		}
		catch (IllegalArgumentException ex) {
			throw new MappingException(ex.getMessage(), ex);
		}
		this.identifier = entity + "." + property;
		this.beans = context.getServiceRegistry().requireService(ManagedBeanRegistry.class).getBeanContainer();
		this.primitive = declared == long.class;
		this.allowAssigned = annotation.allowAssigned();
		this.sequence = SequenceIdType.sequenceName(annotation, context.getRootClass().getTable().getName());
		if (settings.get(CHECK_SETTING) instanceof SequenceIdCheck check) {
			check.check(new SequenceIdProperty(entity, property, this.type, this.sequence));
		}
	}

	private static MappingException switchedOff(String identifier) {
		return new MappingException("@SequenceId on " + identifier
				+ ": idgen does not draw the identifiers of JPA entities, because idgen.entities.jpa.enabled, "
				+ "idgen.entities.enabled or idgen.enabled is false. Switch them on, or remove @SequenceId and "
				+ "assign the identifier yourself.");
	}

	/**
	 * Check, once the application has started, what Hibernate may not have checked when
	 * it built the mappings: for an {@code EntityManagerFactory} the application built
	 * itself, Spring Boot passed neither the switch nor the rules, and Hibernate may have
	 * no bean container. Then look the IdGenerator up, so that the first insert does not
	 * fail for want of it.
	 * @param enabled whether the JPA integration is switched on
	 * @param check the rules the identifier's sequence must pass
	 * @throws MappingException naming the identifier and the switch if the integration is
	 * switched off
	 * @throws IllegalStateException naming the identifier and the setting to set if
	 * Hibernate has no bean container, or if the bean container has no IdGenerator
	 * @throws RuntimeException what the check throws
	 */
	public void verify(boolean enabled, SequenceIdCheck check) {
		if (!enabled) {
			throw switchedOff(this.identifier);
		}
		check.check(property());
		ids();
	}

	/**
	 * Return the identifier this generator draws: its entity, property, type and
	 * sequence.
	 * @return the identifier
	 */
	public SequenceIdProperty property() {
		int dot = this.identifier.lastIndexOf('.');
		return new SequenceIdProperty(this.identifier.substring(0, dot), this.identifier.substring(dot + 1), this.type,
				this.sequence);
	}

	private static Class<?> javaType(Member member) {
		if (member instanceof Field field) {
			return field.getType();
		}
		return ((Method) member).getReturnType();
	}

	@Override
	public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
			EventType eventType) {
		if (this.allowAssigned && SequenceIdType.isSet(currentValue, this.primitive)) {
			return currentValue;
		}
		return this.type.next(ids(), this.sequence);
	}

	private IdGenerator ids() {
		IdGenerator found = this.ids;
		if (found == null) {
			if (this.beans == null) {
				throw new IllegalStateException("@SequenceId on " + this.identifier
						+ ": Hibernate has no bean container to find the IdGenerator in. Use it in a Spring "
						+ "application, whose JPA auto-configuration gives Hibernate one; an EntityManagerFactory "
						+ "you build yourself needs the JPA property hibernate.resource.beans.container set to "
						+ "new SpringBeanContainer(beanFactory).");
			}
			found = this.beans.getBean(IdGenerator.class, SingletonLookup.INSTANCE, SingletonLookup.INSTANCE)
				.getBeanInstance();
			this.ids = found;
		}
		return found;
	}

	@Override
	public EnumSet<EventType> getEventTypes() {
		return EventTypeSets.INSERT_ONLY;
	}

	/**
	 * Whether identifiers the application assigned are kept: only if the annotation
	 * {@link SequenceId#allowAssigned() allows} them. Otherwise Hibernate treats the
	 * entity as it does one with a {@code @SequenceGenerator}: an entity whose identifier
	 * is set is not new, so persisting it fails and merging it never inserts it.
	 * @return whether assigned identifiers are kept
	 */
	@Override
	public boolean allowAssignedIdentifiers() {
		return this.allowAssigned;
	}

	/**
	 * How the generator is looked up: the container's singleton, not a new instance as
	 * JPA would create, and no fallback.
	 */
	private static final class SingletonLookup implements BeanContainer.LifecycleOptions, BeanInstanceProducer {

		static final SingletonLookup INSTANCE = new SingletonLookup();

		@Override
		public boolean canUseCachedReferences() {
			return true;
		}

		@Override
		public boolean useJpaCompliantCreation() {
			return false;
		}

		@Override
		public <B> B produceBeanInstance(Class<B> beanType) {
			throw new IllegalStateException("@SequenceId needs an " + beanType.getName()
					+ " bean in the application context, and there is none; is idgen switched off (idgen.enabled)?");
		}

		@Override
		public <B> B produceBeanInstance(String name, Class<B> beanType) {
			return produceBeanInstance(beanType);
		}

	}

}
