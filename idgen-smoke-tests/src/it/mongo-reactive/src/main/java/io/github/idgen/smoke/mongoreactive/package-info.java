/**
 * The reactive MongoDB smoke application: documents marked {@code @SequenceId}, saved
 * through a reactive repository.
 */
package io.github.idgen.smoke.mongoreactive;
