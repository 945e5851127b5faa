/**
 * Startup failure reports of idgen's auto-configuration.
 */
package io.github.idgen.autoconfigure.diagnostics;
