package io.github.idgen.faults.network;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link TcpProxy}, against an echo server.
 */
class TcpProxyTest {

	private static final int READ_TIMEOUT_MILLIS = 2000;

	private ServerSocket echoServer;

	private TcpProxy proxy;

	@BeforeEach
	void start() throws IOException {
		this.echoServer = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread acceptor = new Thread(this::echo, "echo-accept");
		acceptor.setDaemon(true);
		acceptor.start();
		this.proxy = TcpProxy.start("127.0.0.1", this.echoServer.getLocalPort());
	}

	@AfterEach
	void stop() throws IOException {
		this.proxy.close();
		this.echoServer.close();
	}

	@Test
	void forwardsBytesBothWays() throws IOException {
		try (Socket socket = connect()) {
			assertThat(roundTrip(socket, "hello")).isEqualTo("hello");
			assertThat(roundTrip(socket, "again")).isEqualTo("again");
		}
	}

	@Test
	void cutClosesOpenConnectionsAndRefusesNewOnes() throws IOException {
		try (Socket socket = connect()) {
			assertThat(roundTrip(socket, "before")).isEqualTo("before");
			this.proxy.cut();
			assertThat(socket.getInputStream().read()).isEqualTo(-1);
			assertThat(this.proxy.openConnections()).isZero();
		}
		try (Socket socket = connect()) {
			assertThatExceptionOfType(IOException.class).isThrownBy(() -> {
				OutputStream output = socket.getOutputStream();
				output.write(1);
				output.flush();
				if (socket.getInputStream().read() == -1) {
					throw new IOException("closed");
				}
			});
		}
	}

	@Test
	void restoreAcceptsConnectionsAgain() throws IOException {
		try (Socket socket = connect()) {
			assertThat(roundTrip(socket, "before")).isEqualTo("before");
		}
		assertThat(this.proxy.firstConnectionAfterRestore()).isNull();
		this.proxy.cut();
		this.proxy.restore();
		assertThat(this.proxy.firstConnectionAfterRestore()).isNull();
		try (Socket socket = connect()) {
			assertThat(roundTrip(socket, "after")).isEqualTo("after");
		}
		assertThat(this.proxy.firstConnectionAfterRestore()).isNotNull();
	}

	@Test
	void latencyDelaysARoundTripByAtLeastTheLatency() throws IOException {
		Duration latency = Duration.ofMillis(100);
		try (Socket socket = connect()) {
			roundTrip(socket, "warm");
			this.proxy.latency(latency);
			long started = System.nanoTime();
			assertThat(roundTrip(socket, "slow")).isEqualTo("slow");
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(latency);
		}
	}

	@Test
	void redirectClosesOpenConnectionsAndForwardsNewOnesToTheNewTarget() throws IOException {
		try (ServerSocket other = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			Thread acceptor = new Thread(() -> answerWith(other, "other"), "other-accept");
			acceptor.setDaemon(true);
			acceptor.start();
			try (Socket socket = connect()) {
				assertThat(roundTrip(socket, "hello")).isEqualTo("hello");
				this.proxy.redirect("127.0.0.1", other.getLocalPort());
				assertThat(socket.getInputStream().read()).isEqualTo(-1);
			}
			try (Socket socket = connect()) {
				assertThat(roundTrip(socket, "hello")).isEqualTo("other");
			}
		}
	}

	private Socket connect() throws IOException {
		Socket socket = new Socket(this.proxy.host(), this.proxy.port());
		socket.setSoTimeout(READ_TIMEOUT_MILLIS);
		return socket;
	}

	private static String roundTrip(Socket socket, String message) throws IOException {
		byte[] bytes = message.getBytes(StandardCharsets.US_ASCII);
		OutputStream output = socket.getOutputStream();
		output.write(bytes);
		output.flush();
		return new String(socket.getInputStream().readNBytes(bytes.length), StandardCharsets.US_ASCII);
	}

	private void echo() {
		for (;;) {
			Socket socket;
			try {
				socket = this.echoServer.accept();
			}
			catch (IOException ex) {
				return;
			}
			Thread thread = new Thread(() -> copy(socket), "echo");
			thread.setDaemon(true);
			thread.start();
		}
	}

	private static void answerWith(ServerSocket server, String answer) {
		try (Socket socket = server.accept(); OutputStream output = socket.getOutputStream()) {
			socket.getInputStream().readNBytes(answer.length());
			output.write(answer.getBytes(StandardCharsets.US_ASCII));
			output.flush();
			socket.getInputStream().read();
		}
		catch (IOException ex) {
			// The test closed the connection.
		}
	}

	private static void copy(Socket socket) {
		try (socket; InputStream input = socket.getInputStream(); OutputStream output = socket.getOutputStream()) {
			input.transferTo(output);
		}
		catch (IOException ex) {
			// The test closed the connection.
		}
	}

}
