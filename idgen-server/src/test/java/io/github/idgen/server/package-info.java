/**
 * Tests of the ID server: its HTTP contract on H2 and PostgreSQL, who may call, where it
 * listens, two servers over one store, and a Python client of another process.
 */
package io.github.idgen.server;
