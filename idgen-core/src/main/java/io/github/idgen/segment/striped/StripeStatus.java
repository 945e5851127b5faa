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
	 * generation than configured, records gone): skipped until the application restarts
	 * with a matching configuration.
	 */
	MISMATCHED,

	/**
	 * Dropped from the layout: it hands out nothing.
	 */
	RETIRED

}
