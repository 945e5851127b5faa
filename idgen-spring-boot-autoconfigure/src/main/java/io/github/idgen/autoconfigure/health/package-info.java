/**
 * The {@code idgen} health indicator: every backend in use and the sequences used so far.
 * Depends on the root auto-configuration package and Spring Boot's health support; it
 * names no backend.
 */
package io.github.idgen.autoconfigure.health;
