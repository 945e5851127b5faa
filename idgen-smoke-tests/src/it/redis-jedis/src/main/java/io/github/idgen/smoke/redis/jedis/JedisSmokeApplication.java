package io.github.idgen.smoke.redis.jedis;

import java.util.Set;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.RedisCounters;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.StoreLibrary;

/**
 * An application with the idgen starter and spring-boot-starter-data-redis with Jedis
 * instead of Lettuce: "order" in segment mode, "invoice" in increment mode.
 */
@SpringBootApplication
public class JedisSmokeApplication {

	public static void main(String[] args) {
		System.exit(new SmokeRun("redis-jedis", Backend.REDIS, Set.of(StoreLibrary.DATA_REDIS, StoreLibrary.JEDIS),
				new RedisCounters(JedisConnectionFactory.class))
			.run(JedisSmokeApplication.class, args));
	}

}
