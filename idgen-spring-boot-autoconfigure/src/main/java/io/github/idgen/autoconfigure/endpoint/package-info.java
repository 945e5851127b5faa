/**
 * The {@code idgen} actuator endpoint: the state of every sequence, the fields of an ID
 * through the {@link io.github.idgen.autoconfigure.IdDecoder}s of the backends in use,
 * and a write operation that warms a sequence up. Depends on the root auto-configuration
 * package and Spring Boot Actuator; it names no backend.
 */
package io.github.idgen.autoconfigure.endpoint;
