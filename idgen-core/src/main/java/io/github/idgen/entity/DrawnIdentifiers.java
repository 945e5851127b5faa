package io.github.idgen.entity;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The entity instances whose identifier idgen drew and that were not stored yet, each
 * with the identifier drawn: what tells a retried save or insert of such an instance,
 * which keeps the identifier, from an update or from an identifier the application
 * assigned, for the Spring Data JDBC, Spring Data R2DBC and MyBatis integrations.
 * Instances are told apart by identity, not {@code equals}, and held weakly, so that an
 * instance the application drops is forgotten. Thread-safe: the map is concurrent, and
 * the queue of collected instances is polled by whichever thread records one.
 */
public final class DrawnIdentifiers {

	/**
	 * Create an empty set of instances.
	 */
	public DrawnIdentifiers() {
	}

	private final ReferenceQueue<Object> collected = new ReferenceQueue<>();

	private final Map<Key, Object> ids = new ConcurrentHashMap<>();

	/**
	 * Remember that an identifier was drawn for an instance that is about to be stored.
	 * @param aggregate the instance
	 * @param id the identifier drawn
	 */
	public void drawn(Object aggregate, Object id) {
		for (Reference<?> gone = this.collected.poll(); gone != null; gone = this.collected.poll()) {
			this.ids.remove(gone);
		}
		this.ids.put(new Key(aggregate, this.collected), id);
	}

	/**
	 * Return whether an instance holds an identifier idgen drew and that was never
	 * stored.
	 * @param aggregate the instance
	 * @param id its identifier now
	 * @return whether the identifier is the one drawn for the instance and never stored
	 */
	public boolean isDrawn(Object aggregate, Object id) {
		Object drawn = this.ids.get(new Key(aggregate, null));
		return drawn != null && drawn.equals(id);
	}

	/**
	 * Forget an instance that was stored.
	 * @param aggregate the instance
	 * @return the identifier drawn for it, or {@code null} if none was remembered
	 */
	public Object stored(Object aggregate) {
		return this.ids.remove(new Key(aggregate, null));
	}

	/**
	 * A weak reference equal to another that refers to the same instance.
	 */
	private static final class Key extends WeakReference<Object> {

		private final int hash;

		Key(Object referent, ReferenceQueue<Object> queue) {
			super(referent, queue);
			this.hash = System.identityHashCode(referent);
		}

		@Override
		public boolean equals(Object other) {
			if (other == this) {
				return true;
			}
			if (!(other instanceof Key key) || key.hash != this.hash) {
				return false;
			}
			Object referent = get();
			return referent != null && key.refersTo(referent);
		}

		@Override
		public int hashCode() {
			return this.hash;
		}

	}

}
