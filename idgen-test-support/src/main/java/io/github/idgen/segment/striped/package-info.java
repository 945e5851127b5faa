/**
 * The contract suite of {@link io.github.idgen.segment.striped.StripeStore}, which every
 * store that can serve as a stripe runs.
 */
package io.github.idgen.segment.striped;
