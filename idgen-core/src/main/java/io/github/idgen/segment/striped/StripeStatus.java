package io.github.idgen.segment.striped;

/**
 * Where one store of a {@link StripedSegmentStore} stands.
 */
public enum StripeStatus {

	/**
	 * Not reached yet: its layout is checked before it hands out IDs.
	 */
	UNVERIFIED,

	/**
	 * Answering, with the configured layout or one it moved to while this instance ran.
	 */
	UP,

	/**
	 * Failing or being re-striped: skipped by fetches and checked again in the
	 * background.
	 */
	DOWN,

	/**
	 * Recording a layout this instance must not use (another stripe, an older or newer
	 * generation than configured, another list of stores, records gone): skipped by
	 * fetches and checked again in the background, and taken back only once it records a
	 * layout this instance can use (such as when its name, pointed at another database,
	 * leads to the store again).
	 */
	MISMATCHED,

	/**
	 * Dropped from the layout: it hands out nothing.
	 */
	RETIRED

}
