package io.github.idgen;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link SequenceObserver} that records every call, as text and with its values.
 */
public class RecordingObserver implements SequenceObserver {

	/**
	 * A segment fetch that succeeded.
	 *
	 * @param sequence the sequence name
	 * @param size the segment size
	 * @param duration how long it took
	 */
	public record Fetched(String sequence, long size, Duration duration) {
	}

	/**
	 * A segment fetch that failed.
	 *
	 * @param sequence the sequence name
	 * @param duration how long it took
	 * @param failure the failure
	 */
	public record Failed(String sequence, Duration duration, RuntimeException failure) {
	}

	/**
	 * A caller that waited.
	 *
	 * @param sequence the sequence name
	 * @param waited how long it waited
	 */
	public record Waited(String sequence, Duration waited) {
	}

	/**
	 * A counter moved forward.
	 *
	 * @param sequence the sequence name
	 * @param from the highest value known before
	 * @param to the value it was moved to
	 */
	public record Moved(String sequence, long from, long to) {
	}

	public final List<Sequence> created = new CopyOnWriteArrayList<>();

	public final List<Fetched> fetched = new CopyOnWriteArrayList<>();

	public final List<Failed> failed = new CopyOnWriteArrayList<>();

	public final List<Waited> waited = new CopyOnWriteArrayList<>();

	public final List<Duration> clockBackward = new CopyOnWriteArrayList<>();

	public final List<Moved> moved = new CopyOnWriteArrayList<>();

	@Override
	public void sequenceCreated(Sequence sequence) {
		this.created.add(sequence);
	}

	@Override
	public void segmentFetched(String sequence, long size, Duration duration) {
		this.fetched.add(new Fetched(sequence, size, duration));
	}

	@Override
	public void fetchFailed(String sequence, Duration duration, RuntimeException failure) {
		this.failed.add(new Failed(sequence, duration, failure));
	}

	@Override
	public void waited(String sequence, Duration waited) {
		this.waited.add(new Waited(sequence, waited));
	}

	@Override
	public void clockMovedBackward(Duration amount) {
		this.clockBackward.add(amount);
	}

	@Override
	public void counterMovedForward(String sequence, long from, long to) {
		this.moved.add(new Moved(sequence, from, to));
	}

}
