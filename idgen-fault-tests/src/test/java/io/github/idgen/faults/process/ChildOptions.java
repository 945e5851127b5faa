package io.github.idgen.faults.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings of a {@link GeneratorProcess}, passed on its command line as
 * {@code key=value} arguments: the parent builds them with {@link #with}, the child reads
 * them with {@link #parse}.
 */
final class ChildOptions {

	private final Map<String, String> values;

	private ChildOptions(Map<String, String> values) {
		this.values = values;
	}

	/**
	 * Return options without any value.
	 * @return empty options
	 */
	static ChildOptions empty() {
		return new ChildOptions(new LinkedHashMap<>());
	}

	/**
	 * Read options from a command line.
	 * @param args {@code key=value} arguments
	 * @return the options
	 */
	static ChildOptions parse(String[] args) {
		Map<String, String> values = new LinkedHashMap<>();
		for (String arg : args) {
			int equals = arg.indexOf('=');
			if (equals < 1) {
				throw new IllegalArgumentException("Expected key=value but got " + arg);
			}
			values.put(arg.substring(0, equals), arg.substring(equals + 1));
		}
		return new ChildOptions(values);
	}

	/**
	 * Return a copy of these options with one more value.
	 * @param key the key
	 * @param value the value, whose {@code toString()} is passed
	 * @return the new options
	 */
	ChildOptions with(String key, Object value) {
		Map<String, String> copy = new LinkedHashMap<>(this.values);
		copy.put(key, String.valueOf(value));
		return new ChildOptions(copy);
	}

	/**
	 * Return the command line arguments that {@link #parse} reads back.
	 * @return the arguments
	 */
	List<String> toArgs() {
		List<String> args = new ArrayList<>();
		this.values.forEach((key, value) -> args.add(key + "=" + value));
		return args;
	}

	String get(String key) {
		String value = this.values.get(key);
		if (value == null) {
			throw new IllegalArgumentException("Missing option " + key + " in " + this.values);
		}
		return value;
	}

	String get(String key, String defaultValue) {
		return this.values.getOrDefault(key, defaultValue);
	}

	int getInt(String key) {
		return Integer.parseInt(get(key));
	}

	Duration getDuration(String key) {
		return Duration.parse(get(key));
	}

	Path getPath(String key) {
		return Path.of(get(key));
	}

}
