package io.github.idgen.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.springframework.data.redis.core.script.RedisScript;

/**
 * Loads the Lua scripts that sit next to this class as resources.
 */
final class LuaScripts {

	private LuaScripts() {
	}

	/**
	 * Load a script. Spring Data Redis runs it with {@code EVALSHA} and falls back to
	 * {@code EVAL}, which loads it, when the server answers {@code NOSCRIPT}.
	 * @param <T> the result type
	 * @param resource the resource name, relative to this package
	 * @param resultType the result type
	 * @return the script
	 */
	static <T> RedisScript<T> load(String resource, Class<T> resultType) {
		return RedisScript.of(read(resource), resultType);
	}

	private static String read(String resource) {
		try (InputStream input = LuaScripts.class.getResourceAsStream(resource)) {
			if (input == null) {
				throw new IllegalStateException("Script '" + resource + "' not found");
			}
			return new String(input.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read script '" + resource + "'", ex);
		}
	}

}
