package io.github.idgen.faults.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A wall clock offset for child JVMs through Debian's libfaketime: the children run with
 * {@code LD_PRELOAD} of the library and read their offset from a file that this JVM
 * rewrites to step their clock mid-run.
 * <p>
 * Only the wall clock is faked ({@code FAKETIME_DONT_FAKE_MONOTONIC=1}): the snowflake
 * generator reads milliseconds from {@code Clock.systemUTC()}, while lease fencing and
 * latencies use {@code System.nanoTime()}, which stays real. The library re-reads the
 * file at most once a second ({@code FAKETIME_CACHE_DURATION=1}), so a new offset takes
 * effect within a second; {@code FAKETIME_NO_CACHE=1} would read the file on every clock
 * call, which slows a generator down to some ten thousand calls a second. Two more
 * settings keep the JVM working: {@code FAKETIME_FORCE_MONOTONIC_FIX=0}, since the fix
 * that libfaketime 0.9.10 enables by itself on glibc breaks timed waits (a
 * {@code LockSupport.parkNanos} of a millisecond returns at once, or a JVM hangs at
 * startup once the offset is negative), and {@code NO_FAKE_STAT=1}, so that file
 * timestamps, which the class loader reads, stay real.
 */
final class FakeTime {

	static final Path LIBRARY = Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1");

	private final Path file;

	private FakeTime(Path file) {
		this.file = file;
	}

	/**
	 * Create an offset file, or skip the calling test if libfaketime is not installed
	 * (fail it if {@code IDGEN_TEST_REQUIRE_BACKENDS=true}).
	 * @param file the offset file to create
	 * @param offset the initial offset in libfaketime's relative format, such as
	 * {@code +0} or {@code -2} (two seconds behind)
	 * @return the fake time
	 * @throws IOException if the file cannot be written
	 */
	static FakeTime create(Path file, String offset) throws IOException {
		if (!Files.isReadable(LIBRARY)) {
			String reason = "libfaketime not found at " + LIBRARY + " (apt-get install libfaketime)";
			if (Boolean.parseBoolean(System.getenv("IDGEN_TEST_REQUIRE_BACKENDS"))) {
				Assertions.fail(reason + " (IDGEN_TEST_REQUIRE_BACKENDS=true)");
			}
			Assumptions.abort(reason);
		}
		FakeTime fakeTime = new FakeTime(file);
		fakeTime.offset(offset);
		return fakeTime;
	}

	/**
	 * Set the offset of every child that runs with this fake time, such as {@code -2} for
	 * two seconds behind; the file is replaced atomically.
	 * @param offset the offset in libfaketime's relative format
	 * @throws IOException if the file cannot be written
	 */
	void offset(String offset) throws IOException {
		Path next = this.file.resolveSibling(this.file.getFileName() + ".next");
		Files.writeString(next, offset + System.lineSeparator());
		Files.move(next, this.file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

	/**
	 * Return the environment that makes a child run on this fake time.
	 * @return the environment variables
	 */
	Map<String, String> environment() {
		return Map.of("LD_PRELOAD", LIBRARY.toString(), "FAKETIME_TIMESTAMP_FILE", this.file.toString(),
				"FAKETIME_CACHE_DURATION", "1", "FAKETIME_DONT_FAKE_MONOTONIC", "1", "FAKETIME_FORCE_MONOTONIC_FIX",
				"0", "NO_FAKE_STAT", "1");
	}

}
