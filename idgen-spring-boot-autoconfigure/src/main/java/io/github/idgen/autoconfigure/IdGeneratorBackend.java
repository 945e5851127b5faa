package io.github.idgen.autoconfigure;

import io.github.idgen.SequenceBackend;

/**
 * A backend that the auto-configuration set up, the sequences it serves, and the check of
 * the settings of every sequence it is to serve. Closing it closes its
 * {@link SequenceBackend} if that is {@link AutoCloseable}, so that the context ends the
 * backend's threads on shutdown.
 *
 * @param backend which backend this is
 * @param sequences creates the sequences the backend serves
 * @param check rejects the settings of a sequence that the backend cannot serve
 */
public record IdGeneratorBackend(Backend backend, SequenceBackend sequences,
		SequenceSettingsCheck check) implements AutoCloseable {

	/**
	 * Create a backend that serves every sequence its settings describe.
	 * @param backend which backend this is
	 * @param sequences creates the sequences the backend serves
	 */
	public IdGeneratorBackend(Backend backend, SequenceBackend sequences) {
		this(backend, sequences, SequenceSettingsCheck.NONE);
	}

	@Override
	public void close() throws Exception {
		if (this.sequences instanceof AutoCloseable closeable) {
			closeable.close();
		}
	}

}
