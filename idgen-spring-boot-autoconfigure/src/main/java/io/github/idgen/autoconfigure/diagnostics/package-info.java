/**
 * Startup failure reports of idgen's auto-configuration: a misconfigured property named
 * with its fix, and properties that idgen does not know with the one probably meant,
 * found through the configuration metadata. Depends on the root auto-configuration
 * package only through that metadata; it names no backend.
 */
package io.github.idgen.autoconfigure.diagnostics;
