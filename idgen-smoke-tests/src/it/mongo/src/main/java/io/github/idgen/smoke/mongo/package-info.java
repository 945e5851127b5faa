/**
 * The MongoDB smoke application.
 */
package io.github.idgen.smoke.mongo;
