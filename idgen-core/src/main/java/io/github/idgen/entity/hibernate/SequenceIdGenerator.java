package io.github.idgen.entity.hibernate;

import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.util.EnumSet;

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
import io.github.idgen.entity.SequenceIdType;

/**
 * The Hibernate identifier generator of {@link SequenceId}: before each insert it draws
 * the identifier from the application's {@link IdGenerator}, so that inserts are batched
 * and no SQL is issued for the identifier. The generator is found through the bean
 * container Hibernate was given (Spring's, which Spring Boot's JPA auto-configuration
 * sets up), on the first insert, and kept.
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

	private static final long serialVersionUID = 1L;

	private String entity;

	private String property;

	private String sequence;

	private SequenceIdType type;

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
	 * identifier's type cannot hold an idgen identifier, if there is no bean container,
	 * or if the JPA integration is switched off
	 */
	@Override
	public void initialize(SequenceId annotation, Member member, GeneratorCreationContext context) {
		String entity = context.getPersistentClass().getEntityName();
		String property = context.getProperty().getName();
		this.entity = entity;
		this.property = property;
		try {
			this.type = SequenceIdType.of(entity, property, javaType(member));
		}
		catch (IllegalArgumentException ex) {
			throw new MappingException(ex.getMessage(), ex);
		}
		Object enabled = context.getServiceRegistry()
			.requireService(ConfigurationService.class)
			.getSettings()
			.get(ENABLED_SETTING);
		if (enabled != null && !Boolean.parseBoolean(enabled.toString())) {
			throw new MappingException("@SequenceId on " + entity + "." + property
					+ ": the JPA integration of idgen is switched off (idgen.entities.jpa.enabled=false or "
					+ "idgen.entities.enabled=false). Switch it on, or remove @SequenceId and assign the identifier "
					+ "yourself.");
		}
		this.beans = context.getServiceRegistry().requireService(ManagedBeanRegistry.class).getBeanContainer();
		if (this.beans == null) {
			throw new MappingException("@SequenceId on " + entity + "." + property
					+ ": Hibernate has no bean container to find the IdGenerator in. Use it in a Spring application, "
					+ "whose JPA auto-configuration gives Hibernate one (hibernate.resource.beans.container).");
		}
		this.sequence = SequenceIdType.sequenceName(annotation, context.getRootClass().getTable().getName());
	}

	private static Class<?> javaType(Member member) {
		if (member instanceof Field field) {
			return field.getType();
		}
		return ((Method) member).getReturnType();
	}

	/**
	 * Return the name of the entity whose identifier this generator draws.
	 * @return the entity name
	 */
	public String entity() {
		return this.entity;
	}

	/**
	 * Return the name of the identifier property.
	 * @return the property name
	 */
	public String property() {
		return this.property;
	}

	/**
	 * Return the type of the identifier.
	 * @return the type
	 */
	public SequenceIdType type() {
		return this.type;
	}

	/**
	 * Return the sequence the identifier is drawn from.
	 * @return the sequence name
	 */
	public String sequence() {
		return this.sequence;
	}

	@Override
	public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
			EventType eventType) {
		if (SequenceIdType.isSet(currentValue)) {
			return currentValue;
		}
		return this.type.next(ids(), this.sequence);
	}

	private IdGenerator ids() {
		IdGenerator found = this.ids;
		if (found == null) {
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
	 * Assigned identifiers are kept ({@link #generate} returns them).
	 * @return {@code true}
	 */
	@Override
	public boolean allowAssignedIdentifiers() {
		return true;
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
