package io.github.idgen.autoconfigure.remote;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the remote backend, which reserves segments from idgen ID servers.
 */
@ConfigurationProperties(prefix = "idgen.remote", ignoreUnknownFields = false)
public class RemoteProperties {

	/**
	 * Base URLs of the ID servers, such as 'http://ids-1:8080', in the order they are
	 * asked; a server that fails is asked after the others until its back-off ends.
	 */
	private List<URI> servers = new ArrayList<>();

	/**
	 * Bearer token sent to every server: one of the tokens the servers'
	 * idgen.server.clients list. Not needed for a server without clients, which listens
	 * on the loopback address only.
	 */
	private String token;

	/**
	 * How long one call to a server may take, for connecting and for the answer; a server
	 * that takes longer is left for the next one. Shorter than the fetch-timeout of every
	 * remote sequence.
	 */
	private Duration timeout = Duration.ofSeconds(1);

	/**
	 * How long a server that failed is asked only after the others; doubled with each
	 * further failure in a row, up to max-back-off.
	 */
	private Duration backOff = Duration.ofSeconds(1);

	/**
	 * Longest back-off of a server that keeps failing; at most one day.
	 */
	private Duration maxBackOff = Duration.ofSeconds(30);

	/**
	 * TLS of the calls to https:// servers.
	 */
	private final Ssl ssl = new Ssl();

	public List<URI> getServers() {
		return this.servers;
	}

	public void setServers(List<URI> servers) {
		this.servers = servers;
	}

	public String getToken() {
		return this.token;
	}

	public void setToken(String token) {
		this.token = token;
	}

	public Duration getTimeout() {
		return this.timeout;
	}

	public void setTimeout(Duration timeout) {
		this.timeout = timeout;
	}

	public Duration getBackOff() {
		return this.backOff;
	}

	public void setBackOff(Duration backOff) {
		this.backOff = backOff;
	}

	public Duration getMaxBackOff() {
		return this.maxBackOff;
	}

	public void setMaxBackOff(Duration maxBackOff) {
		this.maxBackOff = maxBackOff;
	}

	public Ssl getSsl() {
		return this.ssl;
	}

	/**
	 * TLS of the calls to the ID servers.
	 */
	public static class Ssl {

		/**
		 * Name of the SSL bundle (spring.ssl.bundle.*) whose trust material, and key
		 * material for mutual TLS, the calls to https:// servers use. Without one, the
		 * JDK's default trust store.
		 */
		private String bundle;

		public String getBundle() {
			return this.bundle;
		}

		public void setBundle(String bundle) {
			this.bundle = bundle;
		}

	}

}
