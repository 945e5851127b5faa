package io.github.idgen.entity.mybatis;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The entity instances whose identifier idgen drew, each with the identifier drawn: what
 * tells an identifier idgen drew for an instance, which a retried insert of the instance
 * keeps, from one the application assigned. Instances are told apart by identity, not
 * {@code equals}, and held weakly, so that an instance the application drops is
 * forgotten. Thread-safe.
 */
final class DrawnIdentifiers {

	private final ReferenceQueue<Object> collected = new ReferenceQueue<>();

	private final Map<Key, Object> ids = new ConcurrentHashMap<>();

	/**
	 * Remember the identifier drawn for an instance.
	 * @param entity the instance
	 * @param id the identifier drawn
	 */
	void drawn(Object entity, Object id) {
		for (Reference<?> gone = this.collected.poll(); gone != null; gone = this.collected.poll()) {
			this.ids.remove(gone);
		}
		this.ids.put(new Key(entity, this.collected), id);
	}

	/**
	 * Return whether an instance holds the identifier idgen drew for it.
	 * @param entity the instance
	 * @param id its identifier now
	 * @return whether it is the identifier drawn for the instance
	 */
	boolean isDrawn(Object entity, Object id) {
		Object drawn = this.ids.get(new Key(entity, null));
		return drawn != null && drawn.equals(id);
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
