package io.github.idgen.segment;

/**
 * Runs the bounded-sequence suite against the {@link InMemorySegmentStore} test double,
 * which the engine tests rely on.
 */
class InMemoryBoundedSegmentStoreTest extends AbstractBoundedSegmentStoreTest {

	private final InMemorySegmentStore store = new InMemorySegmentStore();

	@Override
	protected SegmentStore createStore() {
		return this.store;
	}

}
