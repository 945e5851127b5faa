/**
 * The {@code idgen} actuator endpoint: the state of every sequence, the fields of an ID
 * through the {@link io.github.idgen.autoconfigure.IdDecoder}s of the backends in use,
 * write operations that warm a sequence up and decode formatted IDs, and the masking of
 * obfuscation keys in Spring Boot's {@code env} and {@code configprops} endpoints.
 * Depends on the root auto-configuration package and Spring Boot Actuator; it names no
 * backend.
 */
package io.github.idgen.autoconfigure.endpoint;
