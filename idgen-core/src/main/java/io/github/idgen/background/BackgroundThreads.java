package io.github.idgen.background;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

/**
 * What runs idgen's background work: the fetches of segments, the heartbeat of a leased
 * worker ID, the renewals of a snowflake state file and the checks of the stores of a
 * striped store. Each of these gets a {@link BackgroundScheduler} of its own from
 * {@link #scheduler(String, int)}, which runs at most a given number of its tasks at a
 * time whatever runs them:
 * <ul>
 * <li>{@link #daemon()}, the default: threads of idgen's own, platform daemon threads,
 * created when a task needs one and ended after a minute without work;</li>
 * <li>{@link #of(ThreadFactory)}: threads of idgen's own, made by a factory, such as one
 * of virtual threads; idgen makes them daemon threads (virtual threads are) and names
 * them;</li>
 * <li>{@link #on(Executor)}: an executor of the application's, which runs the tasks
 * (except those of parts that take {@link #ownThreads()}, such as a lease heartbeat);
 * idgen's own threads then only time the delayed tasks (one timer thread per scheduler,
 * named {@code <name>-timer}) and hand them to the executor when they are due. The
 * executor is the application's: a scheduler never shuts it down.</li>
 * </ul>
 * idgen names its own threads after the scheduler: {@code idgen-fetch-1},
 * {@code idgen-worker-lease}, ...
 * <p>
 * An executor of the application's should run tasks on threads other than the one that
 * submits them: one that runs a task in the submitting thread (a caller-runs policy)
 * makes callers of idgen fetch segments themselves. One that rejects a task (saturated,
 * or shut down when the application context closes) delays it: the scheduler hands it
 * over again every 100 milliseconds until the executor takes it or the scheduler is shut
 * down. A task the executor took is not handed over again while the executor holds it,
 * however long it stays queued; one the executor dropped (a discard policy) is handed
 * over again once the garbage collector has collected it.
 * <p>
 * Instances are immutable and can be shared by every part of idgen.
 */
public final class BackgroundThreads {

	private static final BackgroundThreads DAEMON = new BackgroundThreads(Thread::new, null);

	private final ThreadFactory factory;

	private final Executor executor;

	private BackgroundThreads(ThreadFactory factory, Executor executor) {
		this.factory = factory;
		this.executor = executor;
	}

	/**
	 * Return background threads of idgen's own: platform daemon threads.
	 * @return the default background threads
	 */
	public static BackgroundThreads daemon() {
		return DAEMON;
	}

	/**
	 * Return background threads of idgen's own, made by the given factory, which idgen
	 * makes daemon threads and names.
	 * @param factory makes the threads, such as a factory of virtual threads
	 * @return the background threads
	 */
	public static BackgroundThreads of(ThreadFactory factory) {
		return new BackgroundThreads(Objects.requireNonNull(factory, "factory must not be null"), null);
	}

	/**
	 * Return background threads that run every task on an executor of the application's,
	 * timed by threads of this one's kind.
	 * @param executor runs the tasks; never shut down by idgen
	 * @return the background threads
	 */
	public BackgroundThreads on(Executor executor) {
		return new BackgroundThreads(this.factory, Objects.requireNonNull(executor, "executor must not be null"));
	}

	/**
	 * Return background threads of idgen's own of this kind (virtual if its factory makes
	 * virtual threads), without the application's executor: for work that an
	 * application's queue must not delay, such as renewing a lease before it expires.
	 * @return the background threads
	 */
	public BackgroundThreads ownThreads() {
		return (this.executor == null) ? this : new BackgroundThreads(this.factory, null);
	}

	/**
	 * Create the scheduler of one part of idgen.
	 * @param name the name of the part, the name of its own threads too, such as
	 * {@code idgen-fetch}; a scheduler of more than one task at a time numbers its
	 * threads ({@code idgen-fetch-1}, {@code idgen-fetch-2}, ...)
	 * @param maxConcurrent the most tasks it runs at once, at least 1
	 * @return the scheduler, which the part shuts down when it closes
	 */
	public BackgroundScheduler scheduler(String name, int maxConcurrent) {
		if (maxConcurrent < 1) {
			throw new IllegalArgumentException("maxConcurrent must be at least 1 but was " + maxConcurrent);
		}
		if (this.executor != null) {
			return new ExecutorScheduler(this.executor, maxConcurrent,
					new NamedThreads(name + "-timer", false, this.factory));
		}
		return new OwnThreadsScheduler(maxConcurrent, new NamedThreads(name, maxConcurrent > 1, this.factory));
	}

	@Override
	public String toString() {
		return (this.executor != null) ? "BackgroundThreads on " + this.executor
				: (this == DAEMON) ? "BackgroundThreads (daemon)" : "BackgroundThreads of " + this.factory;
	}

}
