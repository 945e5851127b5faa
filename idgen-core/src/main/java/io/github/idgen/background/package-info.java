/**
 * Where idgen runs its background work: the fetches of segments, the heartbeat of a
 * leased worker ID, the renewals of a snowflake state file and the checks of the stores
 * of a striped store. {@link io.github.idgen.background.BackgroundThreads} says what runs
 * it (threads of idgen's own, platform or virtual, or an executor of the application's);
 * each part of idgen gets a {@link io.github.idgen.background.BackgroundScheduler} of its
 * own from it, bounded to a number of tasks at a time.
 * <p>
 * Dependencies: {@code io.github.idgen} (to describe a failure in a log message), the JDK
 * and SLF4J.
 */
package io.github.idgen.background;
