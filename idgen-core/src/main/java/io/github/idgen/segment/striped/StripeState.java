package io.github.idgen.segment.striped;

/**
 * A snapshot of one store of a {@link StripedSegmentStore}, for health, metrics and the
 * endpoint.
 *
 * @param name the name of the store
 * @param status where the store stands
 * @param layout the layout it hands out under, {@code null} until it was reached
 * @param segments the segments it reserved for this instance
 * @param problem why it is not {@link StripeStatus#UP}, {@code null} if it is
 */
public record StripeState(String name, StripeStatus status, StripeLayout layout, long segments, String problem) {

}
