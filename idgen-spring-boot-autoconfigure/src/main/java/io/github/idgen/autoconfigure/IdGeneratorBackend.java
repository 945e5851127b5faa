package io.github.idgen.autoconfigure;

import io.github.idgen.SequenceBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties.Backend;

/**
 * A backend that the auto-configuration set up, and the sequences it serves. Closing it
 * closes its {@link SequenceBackend} if that is {@link AutoCloseable}, so that the
 * context ends the backend's threads on shutdown.
 *
 * @param backend which backend this is
 * @param sequences creates the sequences the backend serves
 */
public record IdGeneratorBackend(Backend backend, SequenceBackend sequences) implements AutoCloseable {

	@Override
	public void close() throws Exception {
		if (this.sequences instanceof AutoCloseable closeable) {
			closeable.close();
		}
	}

}
