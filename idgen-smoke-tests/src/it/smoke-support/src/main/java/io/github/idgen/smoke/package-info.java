/**
 * What every smoke application checks, and its summary line.
 */
package io.github.idgen.smoke;
