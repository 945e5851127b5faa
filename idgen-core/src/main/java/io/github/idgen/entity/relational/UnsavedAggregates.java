package io.github.idgen.entity.relational;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The aggregate instances whose identifier idgen drew and that were not saved yet, each
 * with the identifier drawn: what tells a retried save of such an instance from an
 * update, for the Spring Data JDBC and the Spring Data R2DBC callbacks. Instances are
 * told apart by identity, not {@code equals}, and held weakly, so that an instance the
 * application drops is forgotten. Thread-safe.
 */
public final class UnsavedAggregates {

	/**
	 * Create an empty set of instances.
	 */
	public UnsavedAggregates() {
	}

	private final ReferenceQueue<Object> collected = new ReferenceQueue<>();

	private final Map<Key, Object> ids = new ConcurrentHashMap<>();

	/**
	 * Remember that an identifier was drawn for an instance that is about to be saved.
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
	 * Return whether an instance holds an identifier idgen drew and that was never saved.
	 * @param aggregate the instance
	 * @param id its identifier now
	 * @return whether the identifier is the one drawn for the instance and never saved
	 */
	public boolean isUnsaved(Object aggregate, Object id) {
		Object drawn = this.ids.get(new Key(aggregate, null));
		return drawn != null && drawn.equals(id);
	}

	/**
	 * Forget an instance that was saved.
	 * @param aggregate the instance
	 * @return the identifier drawn for it, or {@code null} if it was not unsaved
	 */
	public Object saved(Object aggregate) {
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
