package io.github.idgen;

import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.format.PeriodicSequence;
import io.github.idgen.format.SequenceFormat;

/**
 * An {@link IdGenerator} that resolves sequence names and serves each sequence from a
 * {@link Sequence} that a {@link SequenceFactory} creates on first use.
 * <p>
 * Configured sequences and the default sequence are always served. Any other name is
 * first checked by {@link SequenceFactory#validateName(String)}, so that a name no
 * backend can serve is refused with an {@link IllegalArgumentException} before anything
 * is created for it, whatever the policy; then it is handled as the
 * {@link UnknownSequencePolicy} says, and at most {@code maxUnknownSequences} sequences
 * are created with {@link UnknownSequencePolicy#CREATE}; past that, unknown names are
 * refused with an {@link UnknownSequenceException}. Sequences are kept for the life of
 * the generator; the name lookup on every call is one {@link ConcurrentHashMap#get}. A
 * configured sequence with a {@link SequenceFormat} is served by a
 * {@link PeriodicSequence}: its values come from one counter per period (such as
 * {@code order@20261121}), which the factory creates like any sequence, outside the
 * unknown-sequence policy. {@link #close()} closes the factory if it is
 * {@link AutoCloseable}.
 */
public class DefaultIdGenerator implements IdGenerator, AutoCloseable {

	/**
	 * The default of how many sequences that are not configured a generator creates on
	 * first use.
	 */
	public static final int DEFAULT_MAX_UNKNOWN_SEQUENCES = 1000;

	private final SequenceFactory factory;

	private final Set<String> configured;

	private final String defaultSequence;

	private final UnknownSequencePolicy unknownSequencePolicy;

	private final Map<String, SequenceFormat> formats;

	private final Clock clock;

	private final ZoneId zone;

	private final ConcurrentMap<String, Sequence> sequences = new ConcurrentHashMap<>();

	private final ConcurrentMap<String, Sequence> periodCounters = new ConcurrentHashMap<>();

	private final int maxUnknownSequences;

	/**
	 * How many sequences that are not configured were created; changed only inside the
	 * {@link ConcurrentMap#computeIfAbsent} that creates one, so that it never passes
	 * {@link #maxUnknownSequences}.
	 */
	private final AtomicInteger unknownSequences = new AtomicInteger();

	/**
	 * Create a generator without formatted sequences.
	 * @param factory creates the sequence of a name on first use
	 * @param configured the names of the configured sequences
	 * @param defaultSequence the name of the default sequence
	 * @param unknownSequences what to do with a sequence that is not configured
	 */
	public DefaultIdGenerator(SequenceFactory factory, Set<String> configured, String defaultSequence,
			UnknownSequencePolicy unknownSequences) {
		this(factory, configured, defaultSequence, unknownSequences, Map.of(), Clock.systemUTC(),
				ZoneId.systemDefault());
	}

	/**
	 * Create a generator.
	 * @param factory creates the sequence of a name on first use; for a formatted
	 * sequence, the sequence of each period's counter (such as {@code order@20261121})
	 * @param configured the names of the configured sequences
	 * @param defaultSequence the name of the default sequence
	 * @param unknownSequences what to do with a sequence that is not configured
	 * @param formats the format of each configured sequence that has one
	 * @param clock the clock that decides the period of formatted sequences
	 * @param zone the zone in which periods begin and formatted dates are written
	 */
	public DefaultIdGenerator(SequenceFactory factory, Set<String> configured, String defaultSequence,
			UnknownSequencePolicy unknownSequences, Map<String, SequenceFormat> formats, Clock clock, ZoneId zone) {
		this(factory, configured, defaultSequence, unknownSequences, formats, clock, zone,
				DEFAULT_MAX_UNKNOWN_SEQUENCES);
	}

	/**
	 * Create a generator that creates at most {@code maxUnknownSequences} sequences that
	 * are not configured.
	 * @param factory creates the sequence of a name on first use; for a formatted
	 * sequence, the sequence of each period's counter (such as {@code order@20261121})
	 * @param configured the names of the configured sequences
	 * @param defaultSequence the name of the default sequence
	 * @param unknownSequences what to do with a sequence that is not configured
	 * @param formats the format of each configured sequence that has one
	 * @param clock the clock that decides the period of formatted sequences
	 * @param zone the zone in which periods begin and formatted dates are written
	 * @param maxUnknownSequences how many sequences that are not configured
	 * {@link UnknownSequencePolicy#CREATE} creates at most, at least 0
	 * @throws IllegalArgumentException if the factory cannot serve a configured name or
	 * the default sequence, or {@code maxUnknownSequences} is negative
	 */
	public DefaultIdGenerator(SequenceFactory factory, Set<String> configured, String defaultSequence,
			UnknownSequencePolicy unknownSequences, Map<String, SequenceFormat> formats, Clock clock, ZoneId zone,
			int maxUnknownSequences) {
		if (maxUnknownSequences < 0) {
			throw new IllegalArgumentException(
					"maxUnknownSequences must not be negative but was " + maxUnknownSequences);
		}
		this.factory = factory;
		this.configured = Set.copyOf(configured);
		this.configured.forEach(factory::validateName);
		this.defaultSequence = factory.validateName(defaultSequence);
		this.unknownSequencePolicy = unknownSequences;
		this.formats = Map.copyOf(formats);
		this.clock = clock;
		this.zone = zone;
		this.maxUnknownSequences = maxUnknownSequences;
	}

	@Override
	public long nextId(String sequence) {
		return sequence(sequence).next();
	}

	@Override
	public long nextId() {
		return sequence(this.defaultSequence).next();
	}

	@Override
	public long[] nextIds(String sequence, int count) {
		return sequence(sequence).next(count);
	}

	@Override
	public Sequence sequence(String name) {
		if (name == null) {
			throw new IllegalArgumentException("Sequence name must not be null");
		}
		Sequence sequence = this.sequences.get(name);
		return (sequence != null) ? sequence : resolve(name);
	}

	private Sequence resolve(String name) {
		if (name.equals(this.defaultSequence) || this.configured.contains(name)) {
			return create(name);
		}
		this.factory.validateName(name);
		return switch (this.unknownSequencePolicy) {
			case CREATE -> createUnknown(name);
			case SHARE -> create(this.defaultSequence);
			case REJECT -> throw new UnknownSequenceException(name);
		};
	}

	private Sequence createUnknown(String name) {
		return this.sequences.computeIfAbsent(name, (key) -> {
			if (this.unknownSequences.incrementAndGet() > this.maxUnknownSequences) {
				this.unknownSequences.decrementAndGet();
				throw new UnknownSequenceException(key,
						"Unknown sequence " + SequenceNames.quote(key) + ": " + this.maxUnknownSequences
								+ " sequences that are not configured were created already, "
								+ "as many as allowed; configure it under idgen.sequences or raise "
								+ "idgen.max-unknown-sequences");
			}
			try {
				return this.factory.create(key);
			}
			catch (RuntimeException | Error ex) {
				this.unknownSequences.decrementAndGet();
				throw ex;
			}
		});
	}

	private Sequence create(String name) {
		return this.sequences.computeIfAbsent(name, (key) -> {
			SequenceFormat format = this.formats.get(key);
			return (format != null) ? new PeriodicSequence(key, format, this.clock, this.zone, this::periodCounter)
					: this.factory.create(key);
		});
	}

	private Sequence periodCounter(String counterName) {
		return this.periodCounters.computeIfAbsent(counterName, this.factory::create);
	}

	/**
	 * Decode through the sequence that serves the name if it has a format, as the
	 * unknown-sequence policy resolves the name; a sequence without a format is not
	 * created for it.
	 */
	@Override
	public long decodeFormattedId(String sequence, String id) {
		if (sequence == null) {
			throw new IllegalArgumentException("Sequence name must not be null");
		}
		String served = sequence;
		if (!sequence.equals(this.defaultSequence) && !this.configured.contains(sequence)) {
			this.factory.validateName(sequence);
			switch (this.unknownSequencePolicy) {
				case REJECT -> throw new UnknownSequenceException(sequence);
				case SHARE -> served = this.defaultSequence;
				case CREATE -> {
				}
			}
		}
		if (!this.formats.containsKey(served)) {
			throw SequenceNames.noFormat(served);
		}
		return sequence(served).decodeFormatted(id);
	}

	/**
	 * Return the sequences used so far by the names callers use, without the period
	 * counters of formatted sequences.
	 * @return the sequences, in no particular order
	 */
	public Collection<Sequence> namedSequences() {
		return List.copyOf(this.sequences.values());
	}

	/**
	 * Return a sequence used so far by the name callers use, without creating it.
	 * @param name the sequence name
	 * @return the sequence, empty if it has not been used (or is a period counter)
	 */
	public Optional<Sequence> usedSequence(String name) {
		return Optional.ofNullable(this.sequences.get(name));
	}

	/**
	 * Return every sequence used so far, and the period counters of formatted sequences.
	 * @return the sequences, in no particular order
	 */
	public Collection<Sequence> sequences() {
		List<Sequence> sequences = new ArrayList<>(this.sequences.values());
		sequences.addAll(this.periodCounters.values());
		return sequences;
	}

	/**
	 * Close the sequence factory if it is {@link AutoCloseable}.
	 */
	@Override
	public void close() {
		if (this.factory instanceof AutoCloseable closeable) {
			try {
				closeable.close();
			}
			catch (RuntimeException ex) {
				throw ex;
			}
			catch (Exception ex) {
				throw new IllegalStateException("Could not close " + closeable, ex);
			}
		}
	}

}
