package io.github.idgen.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.beans.factory.annotation.Qualifier;

/**
 * Qualifier of the {@link java.util.concurrent.Executor} bean that runs idgen's
 * background work: the fetches of segments (at most
 * {@value io.github.idgen.segment.SegmentSequences#MAX_FETCH_THREADS} at a time per
 * backend), the heartbeat of a leased snowflake worker ID, the renewals of a snowflake
 * state file and the checks of the stores of a striped JDBC backend. The bean's type must
 * be an {@code Executor}, as {@code ThreadPoolTaskExecutor},
 * {@code SimpleAsyncTaskExecutor} and {@code ThreadPoolTaskScheduler} are, for example:
 *
 * <pre class="code">
 * &#64;Bean
 * &#64;IdGeneratorTaskExecutor
 * ThreadPoolTaskExecutor idgenExecutor(ThreadPoolTaskExecutorBuilder builder) {
 *     return builder.threadNamePrefix("ids-").build();
 * }
 * </pre>
 *
 * idgen hands such an executor at most as many tasks at a time as it would run on threads
 * of its own, keeps tasks that wait to be retried in a timer thread of its own (they hold
 * none of the executor's threads), and never shuts the executor down. Without such a bean
 * idgen runs the work on threads of its own: virtual threads when
 * {@code spring.threads.virtual.enabled} is {@code true} on Java 21 or later, platform
 * daemon threads otherwise.
 *
 * @see IdGeneratorAutoConfiguration
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.TYPE, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Qualifier
public @interface IdGeneratorTaskExecutor {

}
