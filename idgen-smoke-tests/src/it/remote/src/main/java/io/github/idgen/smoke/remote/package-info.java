/**
 * The remote smoke application.
 */
package io.github.idgen.smoke.remote;
