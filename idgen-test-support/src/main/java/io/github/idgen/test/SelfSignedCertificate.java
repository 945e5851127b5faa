package io.github.idgen.test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A self-signed certificate for {@code 127.0.0.1}, made with the JDK's {@code keytool}: a
 * PKCS12 key store for a test server and the certificate as PEM for a client's trust
 * store, such as a Spring Boot SSL bundle's {@code truststore.certificate}.
 */
public final class SelfSignedCertificate {

	private static final String PASSWORD = "changeit";

	private final Path keyStore;

	private final Path certificate;

	private SelfSignedCertificate(Path keyStore, Path certificate) {
		this.keyStore = keyStore;
		this.certificate = certificate;
	}

	/**
	 * Create a certificate valid for ten days for the IP address {@code 127.0.0.1}.
	 * @param directory where to write {@code server.p12} and {@code server.pem}
	 * @return the certificate
	 */
	public static SelfSignedCertificate create(Path directory) {
		Path keyStore = directory.resolve("server.p12");
		Path certificate = directory.resolve("server.pem");
		keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
				"-ext", "SAN=ip:127.0.0.1", "-validity", "10", "-storetype", "PKCS12", "-keystore", keyStore.toString(),
				"-storepass", PASSWORD);
		keytool("-exportcert", "-rfc", "-alias", "server", "-keystore", keyStore.toString(), "-storepass", PASSWORD,
				"-file", certificate.toString());
		return new SelfSignedCertificate(keyStore, certificate);
	}

	private static void keytool(String... arguments) {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
		command.addAll(List.of(arguments));
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes());
			if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new IllegalStateException("keytool failed: " + output);
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("keytool could not be run", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while keytool ran", ex);
		}
	}

	/**
	 * Return the certificate as PEM.
	 * @return the file
	 */
	public Path certificate() {
		return this.certificate;
	}

	/**
	 * Return a TLS context that presents the certificate, for a server.
	 * @return the context
	 */
	public SSLContext serverContext() {
		try (InputStream in = Files.newInputStream(this.keyStore)) {
			KeyStore store = KeyStore.getInstance("PKCS12");
			store.load(in, PASSWORD.toCharArray());
			KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
			keys.init(store, PASSWORD.toCharArray());
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(keys.getKeyManagers(), null, null);
			return context;
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new IllegalStateException("The key store " + this.keyStore + " cannot be read", ex);
		}
	}

}
