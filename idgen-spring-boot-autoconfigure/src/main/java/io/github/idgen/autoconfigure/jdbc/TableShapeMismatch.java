package io.github.idgen.autoconfigure.jdbc;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import io.github.idgen.IdGenerationException;

/**
 * An idgen table that exists with another shape than its store needs, as found at
 * startup: what is wrong with it and the script of the table for its database. A database
 * that cannot be asked is not checked: the store reports it when it is used, and
 * {@code idgen.fail-fast} at startup.
 *
 * @param problems every problem found, joined by {@code "; "}
 * @param script the script that creates the table on the database
 */
record TableShapeMismatch(String problems, String script) {

	/**
	 * Find the mismatch of a table.
	 * @param problems what reads the problems of the table, empty if it has the shape
	 * needed or does not exist
	 * @param script what reads the script of the table, asked only for a mismatch
	 * @return the mismatch, or empty if there is none or the database cannot be asked
	 */
	static Optional<TableShapeMismatch> find(Supplier<List<String>> problems, Supplier<String> script) {
		try {
			List<String> found = problems.get();
			return found.isEmpty() ? Optional.empty()
					: Optional.of(new TableShapeMismatch(String.join("; ", found), script.get()));
		}
		catch (IdGenerationException ex) {
			return Optional.empty();
		}
	}

}
