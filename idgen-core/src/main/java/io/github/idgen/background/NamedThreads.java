package io.github.idgen.background;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Makes idgen's own threads of one scheduler: daemon threads from a factory, named after
 * the scheduler and, if it has several, numbered.
 */
final class NamedThreads implements ThreadFactory {

	private final String name;

	private final boolean numbered;

	private final ThreadFactory factory;

	private final AtomicInteger count = new AtomicInteger();

	NamedThreads(String name, boolean numbered, ThreadFactory factory) {
		this.name = name;
		this.numbered = numbered;
		this.factory = factory;
	}

	@Override
	public Thread newThread(Runnable task) {
		Thread thread = this.factory.newThread(task);
		thread.setName(this.numbered ? this.name + "-" + this.count.incrementAndGet() : this.name);
		thread.setDaemon(true);
		return thread;
	}

}
