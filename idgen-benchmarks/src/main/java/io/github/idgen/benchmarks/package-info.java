/**
 * JMH benchmarks of idgen, each next to its baseline measured in the same run, the
 * in-memory and sleeping stores they run on, and the reports that print their ratios.
 */
package io.github.idgen.benchmarks;
