/**
 * IDs in JSON as strings, for JavaScript, whose numbers hold integers exactly only up to
 * 2^53: {@link io.github.idgen.autoconfigure.jackson.IdsAsStrings} on a type or a
 * property, or {@code idgen.jackson.ids-as-strings} for every {@code long}, through the
 * Jackson 3 module {@link io.github.idgen.autoconfigure.jackson.IdsAsStringsModule} that
 * Spring Boot registers with the application's {@code JsonMapper}.
 * <p>
 * Dependencies: Jackson 3 ({@code tools.jackson.databind}) and Spring Boot's
 * auto-configuration; no other idgen package.
 */
package io.github.idgen.autoconfigure.jackson;
