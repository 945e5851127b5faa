package io.github.idgen.faults.network;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP proxy for fault tests (Toxiproxy is not available here): it listens on a free
 * loopback port and forwards every connection to a target, one thread per connection and
 * direction reading and one writing.
 * <ul>
 * <li>{@link #cut()} closes every open connection, and until {@link #restore()} closes
 * every new one as soon as it is accepted (with a reset, as a refused connection
 * fails).</li>
 * <li>{@link #redirect(String, int)} closes every open connection and forwards new ones
 * to another target, as a failover that moves a virtual IP or a DNS name does.</li>
 * <li>{@link #latency(Duration)} holds every forwarded chunk back for half the given time
 * in each direction, in order, so that a request and its reply gain the whole of it.</li>
 * </ul>
 * A connection whose either side reaches its end is closed after what was read before has
 * been forwarded: clients of databases do not half-close.
 */
public final class TcpProxy implements AutoCloseable {

	private static final int CONNECT_TIMEOUT_MILLIS = 1000;

	private static final int CHUNK_BYTES = 16 * 1024;

	private static final byte[] END = new byte[0];

	private static final long NOT_RESTORED = Long.MAX_VALUE;

	private static final long NONE = Long.MIN_VALUE;

	private volatile InetSocketAddress target;

	private final ServerSocket server;

	private final Set<Link> links = ConcurrentHashMap.newKeySet();

	private final AtomicInteger connections = new AtomicInteger();

	private final AtomicLong firstConnectionAfterRestore = new AtomicLong(NOT_RESTORED);

	private volatile boolean cut;

	private volatile long oneWayDelayNanos;

	private volatile boolean closed;

	private volatile long restoredAt;

	private TcpProxy(InetSocketAddress target, ServerSocket server) {
		this.target = target;
		this.server = server;
	}

	/**
	 * Start a proxy to a target.
	 * @param host the target's host
	 * @param port the target's port
	 * @return the running proxy
	 */
	public static TcpProxy start(String host, int port) {
		try {
			ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
			TcpProxy proxy = new TcpProxy(new InetSocketAddress(host, port), server);
			Thread acceptor = new Thread(proxy::acceptLoop, "tcp-proxy-" + server.getLocalPort() + "-accept");
			acceptor.setDaemon(true);
			acceptor.start();
			return proxy;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start a proxy to " + host + ":" + port, ex);
		}
	}

	/**
	 * Return the host the proxy listens on.
	 * @return {@code 127.0.0.1}
	 */
	public String host() {
		return this.server.getInetAddress().getHostAddress();
	}

	/**
	 * Return the port the proxy listens on.
	 * @return the port
	 */
	public int port() {
		return this.server.getLocalPort();
	}

	/**
	 * Return how many connections are open.
	 * @return the open connections
	 */
	public int openConnections() {
		return this.links.size();
	}

	/**
	 * Close every open connection and refuse new ones until {@link #restore()}.
	 */
	public void cut() {
		this.cut = true;
		this.links.forEach(Link::close);
	}

	/**
	 * Forward new connections to another target and close every open one, so that clients
	 * reconnect to it.
	 * @param host the new target's host
	 * @param port the new target's port
	 */
	public void redirect(String host, int port) {
		this.target = new InetSocketAddress(host, port);
		this.links.forEach(Link::close);
	}

	/**
	 * Accept and forward connections again after a {@link #cut()}.
	 */
	public void restore() {
		this.firstConnectionAfterRestore.set(NONE);
		this.restoredAt = System.nanoTime();
		this.cut = false;
	}

	/**
	 * Return how long after the latest {@link #restore()} the first connection was
	 * forwarded: when the client found the target again.
	 * @return the time from the restore to the first connection, {@code null} if there
	 * was none or no restore
	 */
	public Duration firstConnectionAfterRestore() {
		long first = this.firstConnectionAfterRestore.get();
		return (first == NONE || first == NOT_RESTORED) ? null : Duration.ofNanos(first - this.restoredAt);
	}

	/**
	 * Delay every forwarded chunk so that a round trip takes {@code roundTrip} longer;
	 * {@link Duration#ZERO} forwards at once again.
	 * @param roundTrip the latency a round trip gains
	 */
	public void latency(Duration roundTrip) {
		this.oneWayDelayNanos = roundTrip.toNanos() / 2;
	}

	/**
	 * Stop listening and close every connection.
	 */
	@Override
	public void close() {
		this.closed = true;
		try {
			this.server.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.links.forEach(Link::close);
	}

	private void acceptLoop() {
		while (!this.closed) {
			Socket client;
			try {
				client = this.server.accept();
			}
			catch (IOException ex) {
				return;
			}
			if (this.cut) {
				reset(client);
			}
			else {
				open(client);
			}
		}
	}

	private void open(Socket client) {
		Socket upstream = new Socket();
		try {
			client.setTcpNoDelay(true);
			upstream.setTcpNoDelay(true);
			upstream.connect(this.target, CONNECT_TIMEOUT_MILLIS);
		}
		catch (IOException ex) {
			reset(client);
			closeQuietly(upstream);
			return;
		}
		Link link = new Link(client, upstream, "tcp-proxy-" + port() + "-" + this.connections.incrementAndGet());
		this.links.add(link);
		// A cut() that ran between accept() and add() did not see this link: close it
		// here.
		if (this.cut || this.closed) {
			link.close();
			return;
		}
		this.firstConnectionAfterRestore.compareAndSet(NONE, System.nanoTime());
		link.start();
	}

	private static void reset(Socket socket) {
		try {
			socket.setSoLinger(true, 0);
		}
		catch (SocketException ex) {
			// Closed already: nothing to reset.
		}
		closeQuietly(socket);
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// Closing for good: nothing left to do with it.
		}
	}

	/**
	 * One proxied connection: the client's socket, the target's and a pipe each way.
	 */
	private final class Link {

		private final Socket client;

		private final Socket upstream;

		private final AtomicBoolean open = new AtomicBoolean(true);

		private final Pipe toTarget;

		private final Pipe toClient;

		Link(Socket client, Socket upstream, String name) {
			this.client = client;
			this.upstream = upstream;
			this.toTarget = new Pipe(this, client, upstream, name + "-up");
			this.toClient = new Pipe(this, upstream, client, name + "-down");
		}

		void start() {
			this.toTarget.start();
			this.toClient.start();
		}

		void close() {
			if (this.open.compareAndSet(true, false)) {
				TcpProxy.this.links.remove(this);
				closeQuietly(this.client);
				closeQuietly(this.upstream);
				this.toTarget.stop();
				this.toClient.stop();
			}
		}

	}

	/**
	 * One direction of a link: a reader that stamps each chunk with when it is due and a
	 * writer that forwards the chunks in order, each once it is due.
	 */
	private final class Pipe {

		private final Link link;

		private final Socket from;

		private final Socket to;

		private final BlockingQueue<Chunk> chunks = new LinkedBlockingQueue<>();

		private final Thread reader;

		private final Thread writer;

		Pipe(Link link, Socket from, Socket to, String name) {
			this.link = link;
			this.from = from;
			this.to = to;
			this.reader = new Thread(this::read, name + "-read");
			this.writer = new Thread(this::write, name + "-write");
			this.reader.setDaemon(true);
			this.writer.setDaemon(true);
		}

		void start() {
			this.reader.start();
			this.writer.start();
		}

		void stop() {
			this.writer.interrupt();
		}

		private void read() {
			byte[] buffer = new byte[CHUNK_BYTES];
			try (InputStream input = this.from.getInputStream()) {
				for (int read = input.read(buffer); read >= 0; read = input.read(buffer)) {
					this.chunks.add(
							new Chunk(System.nanoTime() + TcpProxy.this.oneWayDelayNanos, Arrays.copyOf(buffer, read)));
				}
			}
			catch (IOException ex) {
				// The link was closed, or the peer went away: the writer ends it.
			}
			this.chunks.add(new Chunk(System.nanoTime(), END));
		}

		private void write() {
			try {
				OutputStream output = this.to.getOutputStream();
				for (;;) {
					Chunk chunk = this.chunks.take();
					if (chunk.bytes == END) {
						break;
					}
					for (long wait = chunk.dueNanos - System.nanoTime(); wait > 0; wait = chunk.dueNanos
							- System.nanoTime()) {
						LockSupport.parkNanos(wait);
						if (Thread.interrupted()) {
							throw new InterruptedException();
						}
					}
					output.write(chunk.bytes);
					output.flush();
				}
			}
			catch (IOException | InterruptedException ex) {
				// The link was closed or cannot be written to: end it.
			}
			this.link.close();
		}

	}

	/**
	 * Bytes read from one side and when they are due at the other.
	 */
	private record Chunk(long dueNanos, byte[] bytes) {

	}

}
