package io.github.idgen.snowflake;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Locale;
import java.util.zip.CRC32;

import io.github.idgen.FailureDescriptions;
import io.github.idgen.worker.WorkerId;

/**
 * The file in which a {@link StateFileWorker} keeps, across restarts, a timestamp that no
 * ID of its worker ID is after, together with the worker ID and the layout it belongs to.
 * It is UTF-8 text of exactly these lines:
 *
 * <pre class="code">
 * idgen-snowflake-state 1
 * layout 41/0/10/12 since 2025-01-01T00:00:00Z
 * worker 0/7
 * last-timestamp 1767225602000 2026-01-01T00:00:02Z
 * written-by renewal
 * crc32 1c291ca3</pre>
 *
 * {@code worker} is datacenter/worker, {@code last-timestamp} is in milliseconds since
 * the Unix epoch (the instant after it is for people), {@code written-by} is
 * {@code renewal} for a horizon or {@code shutdown} for the exact last millisecond, and
 * {@code crc32} is the CRC-32 of the lines before it.
 * <p>
 * <b>Writing.</b> Every write goes to {@code <file>.tmp}, is forced to the disk, renamed
 * over the file atomically, and the directory is forced too, so that after a crash or a
 * power loss at any moment the file holds either the previous state or the new one, never
 * a part of either. A temporary file that a crash left behind is overwritten by the next
 * write.
 * <p>
 * <b>Lock.</b> While it is open, this object holds a lock ({@link FileChannel#tryLock()})
 * on {@code <file>.lock}, which is created if missing and never deleted: a second
 * instance, in this JVM or another process on the same host, cannot open the same file.
 * Locks on network file systems may not work; the file belongs on a local disk.
 * <p>
 * Not thread-safe: its owner serializes reads and writes.
 */
final class SnowflakeStateFile implements AutoCloseable {

	private static final String HEADER = "idgen-snowflake-state 1";

	private static final int MAX_BYTES = 4096;

	private static final boolean WINDOWS = System.getProperty("os.name", "")
		.toLowerCase(Locale.ROOT)
		.startsWith("windows");

	private final Path file;

	private final Path temporary;

	private final BitLayout layout;

	private final WorkerId workerId;

	private final FileChannel lockChannel;

	private SnowflakeStateFile(Path file, BitLayout layout, WorkerId workerId, FileChannel lockChannel) {
		this.file = file;
		this.temporary = sibling(file, ".tmp");
		this.layout = layout;
		this.workerId = workerId;
		this.lockChannel = lockChannel;
	}

	/**
	 * Lock a state file for a worker ID.
	 * @param file the state file, which may not exist yet; its directory must
	 * @param layout the layout of the worker's IDs
	 * @param workerId the worker ID
	 * @return the locked file, to be closed
	 * @throws IllegalStateException if the file is a directory, its directory does not
	 * exist, or another instance holds its lock, naming the file
	 */
	static SnowflakeStateFile lock(Path file, BitLayout layout, WorkerId workerId) {
		Path absolute = file.toAbsolutePath();
		if (absolute.getFileName() == null || Files.isDirectory(absolute)) {
			throw new IllegalStateException("The snowflake state file " + absolute + " is a directory, not a file");
		}
		Path directory = absolute.getParent();
		if (!Files.isDirectory(directory)) {
			throw new IllegalStateException("The directory " + directory + " of the snowflake state file " + absolute
					+ " does not exist; create it (or mount the volume that holds it)");
		}
		Path lockFile = sibling(absolute, ".lock");
		FileChannel channel;
		try {
			channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not open the lock file " + lockFile + " of the snowflake state file "
					+ absolute + " (" + FailureDescriptions.describe(ex) + ")", ex);
		}
		if (!tryLock(channel, lockFile)) {
			closeQuietly(channel);
			throw new IllegalStateException("The snowflake state file " + absolute + " is in use by another instance, "
					+ "which holds the lock on " + lockFile + "; every instance needs a state file of its own");
		}
		return new SnowflakeStateFile(absolute, layout, workerId, channel);
	}

	/**
	 * Try to lock a channel, returning whether this instance holds the lock now: not if
	 * another process holds it ({@code null}) or this JVM does (an exception).
	 */
	private static boolean tryLock(FileChannel channel, Path lockFile) {
		try {
			FileLock lock = channel.tryLock();
			return lock != null;
		}
		catch (OverlappingFileLockException ex) {
			return false;
		}
		catch (IOException ex) {
			closeQuietly(channel);
			throw new IllegalStateException(
					"Could not lock " + lockFile + " (" + FailureDescriptions.describe(ex) + ")", ex);
		}
	}

	private static Path sibling(Path file, String suffix) {
		return file.resolveSibling(file.getFileName() + suffix);
	}

	/**
	 * Return the path of the file.
	 * @return the absolute path
	 */
	Path path() {
		return this.file;
	}

	/**
	 * Read the stored state.
	 * @return the state, or {@code null} if the file does not exist (a first start)
	 * @throws IllegalStateException if the file cannot be read, is corrupt, or holds the
	 * state of another worker ID or layout, naming the file and what to do
	 */
	Stored read() {
		byte[] content;
		try {
			if (Files.size(this.file) > MAX_BYTES) {
				throw corrupt("it is larger than " + MAX_BYTES + " bytes");
			}
			content = Files.readAllBytes(this.file);
		}
		catch (NoSuchFileException ex) {
			return null;
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not read the snowflake state file " + this.file + " ("
					+ FailureDescriptions.describe(ex) + ")", ex);
		}
		return parse(new String(content, StandardCharsets.UTF_8));
	}

	private Stored parse(String content) {
		String[] lines = content.split("\n", -1);
		if (lines.length != 7 || !lines[6].isEmpty()) {
			throw corrupt("it does not have the 6 lines of a state file");
		}
		String checked = content.substring(0, content.length() - lines[5].length() - 1);
		if (!lines[5].equals("crc32 " + crc32(checked))) {
			throw corrupt("its checksum does not match its content");
		}
		if (!lines[0].equals(HEADER)) {
			throw corrupt("it does not start with '" + HEADER + "'");
		}
		String layout = value(lines[1], "layout");
		String worker = value(lines[2], "worker");
		String[] timestamp = value(lines[3], "last-timestamp").split(" ");
		String writtenBy = value(lines[4], "written-by");
		if (!writtenBy.equals("renewal") && !writtenBy.equals("shutdown")) {
			throw corrupt("it was written by neither a renewal nor a shutdown");
		}
		if (!layout.equals(this.layout.describe()) || !worker.equals(describe(this.workerId))) {
			throw new IllegalStateException("The snowflake state file " + this.file + " holds the state of worker "
					+ worker + " with layout " + layout + ", but this instance is worker " + describe(this.workerId)
					+ " with layout " + this.layout.describe() + ": the file belongs to another instance, or the "
					+ "worker ID or layout changed. Give every instance a state file of its own; after a deliberate "
					+ "change of worker ID or layout, delete the file");
		}
		long lastMillis;
		try {
			lastMillis = Long.parseLong(timestamp[0]);
		}
		catch (NumberFormatException ex) {
			throw corrupt("its last-timestamp is not a number");
		}
		if (lastMillis < 0) {
			throw corrupt("its last-timestamp is negative");
		}
		return new Stored(lastMillis, writtenBy.equals("shutdown"));
	}

	private String value(String line, String key) {
		if (!line.startsWith(key + " ")) {
			throw corrupt("it has no " + key + " line where one belongs");
		}
		return line.substring(key.length() + 1);
	}

	private IllegalStateException corrupt(String reason) {
		return new IllegalStateException("The snowflake state file " + this.file + " is corrupt: " + reason
				+ ". It holds no trustworthy timestamp: restore it, or delete it once this host's clock is known "
				+ "right and the worker's last run ended more than " + StateFileWorker.HORIZON.toSeconds()
				+ " seconds ago");
	}

	/**
	 * Store a timestamp that no ID of the worker ID is after, replacing the file
	 * atomically and durably.
	 * @param lastMillis the timestamp, in milliseconds since the Unix epoch
	 * @param shutdown whether it is the exact last millisecond of a graceful shutdown
	 * rather than a horizon
	 * @throws IOException if the file cannot be written; it then holds its previous state
	 */
	void write(long lastMillis, boolean shutdown) throws IOException {
		String checked = HEADER + "\nlayout " + this.layout.describe() + "\nworker " + describe(this.workerId)
				+ "\nlast-timestamp " + lastMillis + " " + Instant.ofEpochMilli(lastMillis) + "\nwritten-by "
				+ (shutdown ? "shutdown" : "renewal") + "\n";
		ByteBuffer content = ByteBuffer
			.wrap((checked + "crc32 " + crc32(checked) + "\n").getBytes(StandardCharsets.UTF_8));
		try (FileChannel channel = FileChannel.open(this.temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
				StandardOpenOption.TRUNCATE_EXISTING)) {
			while (content.hasRemaining()) {
				channel.write(content);
			}
			channel.force(true);
		}
		Files.move(this.temporary, this.file, StandardCopyOption.ATOMIC_MOVE);
		forceDirectory();
	}

	/**
	 * Force the rename to the disk. Windows cannot open a directory for this; NTFS
	 * journals the rename itself.
	 */
	private void forceDirectory() throws IOException {
		if (WINDOWS) {
			return;
		}
		try (FileChannel directory = FileChannel.open(this.file.getParent(), StandardOpenOption.READ)) {
			directory.force(true);
		}
	}

	private static String crc32(String content) {
		CRC32 crc = new CRC32();
		crc.update(content.getBytes(StandardCharsets.UTF_8));
		return String.format(Locale.ROOT, "%08x", crc.getValue());
	}

	private static String describe(WorkerId workerId) {
		return workerId.datacenter() + "/" + workerId.worker();
	}

	/**
	 * Release the lock.
	 */
	@Override
	public void close() {
		closeQuietly(this.lockChannel);
	}

	private static void closeQuietly(FileChannel channel) {
		try {
			channel.close();
		}
		catch (IOException ex) {
			// closing releases the lock; a failure to close leaves nothing to undo
		}
	}

	/**
	 * The state a file holds.
	 *
	 * @param lastMillis a timestamp, in milliseconds since the Unix epoch, that no ID of
	 * the worker ID is after
	 * @param shutdown whether it is the exact last millisecond of a graceful shutdown
	 * rather than a horizon
	 */
	record Stored(long lastMillis, boolean shutdown) {

	}

}
