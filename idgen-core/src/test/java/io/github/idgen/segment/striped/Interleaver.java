package io.github.idgen.segment.striped;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs several actors, each on a thread of its own, one at a time, and switches between
 * them at random at every store call an actor makes (see {@link InterleavedStripeStore}):
 * the actor that runs next is picked from those waiting by a random number generator
 * seeded by the test, so that a seed replays the same interleaving (as long as only the
 * actors call the stores). Threads that are no actor, such as background checks, pass
 * through without waiting.
 * <p>
 * Thread-safe: the actor that runs, and the actors waiting, are guarded by {@link #lock};
 * each actor waits on {@link #turn} until it is picked.
 */
final class Interleaver {

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition turn = this.lock.newCondition();

	private final ConcurrentMap<Thread, Integer> actors = new ConcurrentHashMap<>();

	private final Random random;

	private final List<Integer> waiting = new ArrayList<>();

	private final Map<Integer, Integer> callsLeft = new HashMap<>();

	private int running = -1;

	private int live;

	private int switches;

	Interleaver(long seed) {
		this.random = new Random(seed);
	}

	/**
	 * Make an actor die at a store call: the call throws {@link Died} instead of reaching
	 * the store.
	 * @param actor the index of the actor in the list {@link #run} is given
	 * @param calls the number of store calls it makes before, at least 0
	 */
	void dieAfter(int actor, int calls) {
		this.lock.lock();
		try {
			this.callsLeft.put(actor, calls);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Run the actors to their end, one at a time, switching between them at their store
	 * calls.
	 * @param tasks the actors
	 * @param timeout how long they may take in all
	 * @throws AssertionError if they take longer, or an actor threw an error
	 */
	void run(List<Runnable> tasks, Duration timeout) throws InterruptedException {
		List<Thread> threads = new ArrayList<>();
		List<Throwable> errors = new ArrayList<>();
		this.lock.lock();
		try {
			this.live = tasks.size();
		}
		finally {
			this.lock.unlock();
		}
		for (int index = 0; index < tasks.size(); index++) {
			int actor = index;
			Runnable task = tasks.get(index);
			Thread thread = new Thread(() -> {
				try {
					awaitTurn(actor);
					task.run();
				}
				catch (Died ex) {
					// killed as the test asked
				}
				catch (Throwable ex) {
					this.lock.lock();
					try {
						errors.add(ex);
					}
					finally {
						this.lock.unlock();
					}
				}
				finally {
					finish();
				}
			}, "actor-" + index);
			this.actors.put(thread, index);
			threads.add(thread);
		}
		threads.forEach(Thread::start);
		long deadline = System.nanoTime() + timeout.toNanos();
		this.lock.lock();
		try {
			while (this.live > 0) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					throw new AssertionError("the actors did not end within " + timeout + " (" + this.live
							+ " still running after " + this.switches + " switches)");
				}
				this.turn.await(left, TimeUnit.NANOSECONDS);
			}
			if (!errors.isEmpty()) {
				AssertionError failure = new AssertionError("an actor failed", errors.get(0));
				errors.stream().skip(1).forEach(failure::addSuppressed);
				throw failure;
			}
		}
		finally {
			this.lock.unlock();
		}
		for (Thread thread : threads) {
			thread.join();
		}
	}

	/**
	 * Let another actor, or this one, run next, picked at random: called by every store
	 * call. A thread that is no actor goes on at once.
	 */
	void pause() {
		Integer actor = this.actors.get(Thread.currentThread());
		if (actor != null) {
			awaitTurn(actor);
			this.lock.lock();
			try {
				Integer left = this.callsLeft.computeIfPresent(actor, (key, calls) -> calls - 1);
				if (left != null && left < 0) {
					throw new Died();
				}
			}
			finally {
				this.lock.unlock();
			}
		}
	}

	private void awaitTurn(int actor) {
		this.lock.lock();
		try {
			this.waiting.add(actor);
			if (this.running == actor) {
				this.running = -1;
			}
			pickNext();
			while (this.running != actor) {
				this.turn.awaitUninterruptibly();
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	private void finish() {
		this.lock.lock();
		try {
			this.live--;
			this.running = -1;
			pickNext();
			this.turn.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Pick the actor that runs next once every actor still running waits (the first
	 * actors to start wait for the others to), in the order of the actors, so that the
	 * seed alone decides.
	 */
	private void pickNext() {
		if (this.running != -1 || this.waiting.size() < this.live || this.waiting.isEmpty()) {
			return;
		}
		this.waiting.sort(null);
		this.running = this.waiting.remove(this.random.nextInt(this.waiting.size()));
		this.switches++;
		this.turn.signalAll();
	}

	/**
	 * Thrown at the store call where an actor dies: an error, so that no code under test
	 * takes it for a failure of the store.
	 */
	static final class Died extends Error {

		Died() {
			super("the actor died here (as the test asked)");
		}

	}

}
