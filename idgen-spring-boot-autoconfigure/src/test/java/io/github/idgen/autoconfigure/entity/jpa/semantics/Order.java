package io.github.idgen.autoconfigure.entity.jpa.semantics;

/**
 * An order whose identifier is generated one way or another, so that one test compares
 * the generators.
 */
public interface Order {

	Long getId();

	String getNote();

	void setNote(String note);

}
