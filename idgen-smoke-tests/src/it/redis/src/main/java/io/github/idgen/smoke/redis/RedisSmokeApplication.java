package io.github.idgen.smoke.redis;

import java.util.Set;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.RedisCounters;
import io.github.idgen.smoke.SmokeRun;
import io.github.idgen.smoke.StoreLibrary;

/**
 * An application with the idgen starter and spring-boot-starter-data-redis (Lettuce)
 * only: "order" in segment mode, "invoice" in increment mode.
 */
@SpringBootApplication
public class RedisSmokeApplication {

	public static void main(String[] args) {
		System.exit(new SmokeRun("redis", Backend.REDIS, Set.of(StoreLibrary.DATA_REDIS, StoreLibrary.LETTUCE),
				new RedisCounters(LettuceConnectionFactory.class))
			.run(RedisSmokeApplication.class, args));
	}

}
