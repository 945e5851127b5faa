/**
 * The ID server's HTTP API under {@code /api/v1}: its auto-configuration, endpoints,
 * client tokens, problem responses and meters.
 */
package io.github.idgen.server.http;
