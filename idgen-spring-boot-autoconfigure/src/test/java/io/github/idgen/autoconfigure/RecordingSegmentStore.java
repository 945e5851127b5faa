package io.github.idgen.autoconfigure;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.InMemorySegmentStore;
import io.github.idgen.segment.Segment;
import io.github.idgen.segment.SequenceBounds;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JDBC backend's store as an application may define it, reserving in memory instead
 * of its table: it records the thread of every allocation and how many run at once, and
 * can hold allocations until released.
 */
final class RecordingSegmentStore extends JdbcSegmentStore {

	private final InMemorySegmentStore memory = new InMemorySegmentStore();

	private final Set<Thread> threads = ConcurrentHashMap.newKeySet();

	private final AtomicInteger concurrent = new AtomicInteger();

	private final AtomicInteger maxConcurrent = new AtomicInteger();

	private volatile CountDownLatch gate = new CountDownLatch(0);

	RecordingSegmentStore(DataSource dataSource) {
		super(dataSource, "idgen_unused");
	}

	@Override
	public Segment allocate(String sequence, long step, SequenceBounds bounds) {
		this.threads.add(Thread.currentThread());
		this.maxConcurrent.accumulateAndGet(this.concurrent.incrementAndGet(), Math::max);
		try {
			this.gate.await();
			return this.memory.allocate(sequence, step, bounds);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new BackendUnavailableException("interrupted", ex);
		}
		finally {
			this.concurrent.decrementAndGet();
		}
	}

	/**
	 * Hold every allocation until {@link #release()}.
	 */
	void hold() {
		this.gate = new CountDownLatch(1);
	}

	void release() {
		this.gate.countDown();
	}

	/**
	 * Return the threads that allocated so far.
	 */
	Set<Thread> threads() {
		return this.threads;
	}

	int maxConcurrent() {
		return this.maxConcurrent.get();
	}

	void awaitConcurrent(int count) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (this.concurrent.get() < count) {
			assertThat(System.nanoTime()).as(count + " allocations under way in time").isLessThan(deadline);
			Thread.sleep(5);
		}
	}

}
