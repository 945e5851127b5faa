package io.github.idgen.segment.striped;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The digest of a list of stores that a generation of the layout records (see
 * {@link StripeRecords#recordStores}): {@code n}, then for each store in order
 * {@code 31 * digest + identity}, in 64-bit arithmetic. Since 31 is odd, it is invertible
 * modulo 2<sup>64</sup>, so that the identity at one position of a list follows from the
 * digest and the identities at the others: whether a digest names only stores among a set
 * of identities is found by trying the stores at every position but one.
 * <p>
 * Stateless.
 */
final class StoresDigest {

	/**
	 * The inverse of 31 modulo 2<sup>64</sup>, by Newton's iteration.
	 */
	private static final long INVERSE_OF_31 = inverseOf31();

	/**
	 * The most lists of stores tried for one digest: enough to try every list of up to
	 * ten stores taken from ten.
	 */
	private static final long MAX_TRIES = 10_000_000;

	private StoresDigest() {
	}

	/**
	 * Return the digest of a list of stores.
	 * @param identities the identities of the stores, in order
	 * @return the digest
	 */
	static long of(List<Long> identities) {
		long digest = identities.size();
		for (long identity : identities) {
			digest = 31 * digest + identity;
		}
		return digest;
	}

	/**
	 * Return whether a digest is that of a list of stores all among the given ones.
	 * @param digest the digest
	 * @param identities the identities of the stores
	 * @param positions where some of the stores likely stand in the list, by list length:
	 * identity by position, tried first
	 * @return whether some list of the stores, each at most once, has the digest
	 */
	static boolean namesOnly(long digest, Set<Long> identities, Map<Integer, Map<Integer, Long>> positions) {
		long[] tries = { 0 };
		for (Map.Entry<Integer, Map<Integer, Long>> known : positions.entrySet()) {
			int count = known.getKey();
			if (count <= identities.size() && known.getValue().keySet().stream().allMatch((index) -> index < count)
					&& identities.containsAll(known.getValue().values())
					&& search(digest, count, known.getValue(), identities, tries)) {
				return true;
			}
		}
		for (int count = 1; count <= identities.size(); count++) {
			if (search(digest, count, Map.of(), identities, tries)) {
				return true;
			}
		}
		return false;
	}

	private static boolean search(long digest, int count, Map<Integer, Long> fixed, Set<Long> identities,
			long[] tries) {
		Long[] list = new Long[count];
		Set<Long> used = new HashSet<>();
		for (Map.Entry<Integer, Long> position : fixed.entrySet()) {
			if (list[position.getKey()] != null || !used.add(position.getValue())) {
				return false;
			}
			list[position.getKey()] = position.getValue();
		}
		List<Integer> open = new ArrayList<>();
		for (int index = 0; index < count; index++) {
			if (list[index] == null) {
				open.add(index);
			}
		}
		return fill(digest, list, open, 0, used, identities, tries);
	}

	/**
	 * Try every store not used yet at the open positions but the last, whose identity
	 * follows from the digest.
	 */
	private static boolean fill(long digest, Long[] list, List<Integer> open, int next, Set<Long> used,
			Set<Long> identities, long[] tries) {
		if (++tries[0] > MAX_TRIES) {
			return false;
		}
		if (open.isEmpty()) {
			return of(List.of(list)) == digest;
		}
		if (next == open.size() - 1) {
			int last = open.get(next);
			list[last] = 0L;
			long rest = digest - of(List.of(list));
			long identity = rest * power(INVERSE_OF_31, list.length - 1 - last);
			list[last] = null;
			return identities.contains(identity) && !used.contains(identity);
		}
		int index = open.get(next);
		for (long identity : identities) {
			if (used.add(identity)) {
				list[index] = identity;
				boolean found = fill(digest, list, open, next + 1, used, identities, tries);
				list[index] = null;
				used.remove(identity);
				if (found) {
					return true;
				}
			}
		}
		return false;
	}

	private static long power(long base, int exponent) {
		long result = 1;
		for (int i = 0; i < exponent; i++) {
			result *= base;
		}
		return result;
	}

	private static long inverseOf31() {
		long inverse = 31;
		for (int i = 0; i < 6; i++) {
			inverse *= 2 - 31 * inverse;
		}
		return inverse;
	}

}
