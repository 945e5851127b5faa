package io.github.idgen.segment.striped;

import java.util.OptionalLong;

/**
 * What one read of a store's records says about it: where it stands and which database it
 * is.
 *
 * @param state the state value of the store (see {@link StripeRecords}), 0 if it records
 * none
 * @param identity the identity of the store, empty if it records none
 */
record StripeReading(long state, OptionalLong identity) {

}
