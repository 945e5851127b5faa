package io.github.idgen.format;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

import javax.crypto.Cipher;

/**
 * A small lock-free pool of initialised {@link Cipher}s, which one thread at a time may
 * use, so that neither a call creates one (which is slow) nor a thread keeps one of its
 * own (every virtual thread would).
 * <p>
 * The pool is a fixed number of slots, each on a cache line of its own. A thread starts
 * at the slot its identity hash picks and goes round the others: it takes the first
 * cipher it finds and returns it to the first empty slot, so threads running at once
 * mostly touch their own line. A queue that every thread polls and offers to was half as
 * fast at two threads as at one. A thread that finds none creates one; a cipher returned
 * to a full pool is dropped.
 */
final class CipherPool {

	/**
	 * Array elements between two slots: 16 references are 64 bytes at least.
	 */
	private static final int SPACING = 16;

	private final AtomicReferenceArray<Cipher> slots;

	private final int size;

	private final Supplier<Cipher> factory;

	/**
	 * Create an empty pool of four slots per processor.
	 * @param factory creates an initialised cipher when the pool has none
	 */
	CipherPool(Supplier<Cipher> factory) {
		this.size = 4 * Runtime.getRuntime().availableProcessors();
		this.slots = new AtomicReferenceArray<>(this.size * SPACING);
		this.factory = factory;
	}

	/**
	 * Take a cipher from the pool, or create one if it has none.
	 * @return a cipher that the caller alone uses until it gives it back
	 */
	Cipher take() {
		int home = home();
		for (int i = 0; i < this.size; i++) {
			int index = index(home + i);
			Cipher object = this.slots.get(index);
			if (object != null && this.slots.compareAndSet(index, object, null)) {
				return object;
			}
		}
		return this.factory.get();
	}

	/**
	 * Give a cipher back to the pool, which drops it if it is full.
	 * @param object a cipher taken from this pool, no longer used by the caller
	 */
	void give(Cipher object) {
		int home = home();
		for (int i = 0; i < this.size; i++) {
			int index = index(home + i);
			if (this.slots.get(index) == null && this.slots.compareAndSet(index, null, object)) {
				return;
			}
		}
	}

	private int home() {
		return Math.floorMod(Thread.currentThread().hashCode(), this.size);
	}

	private int index(int slot) {
		return (slot % this.size) * SPACING;
	}

}
