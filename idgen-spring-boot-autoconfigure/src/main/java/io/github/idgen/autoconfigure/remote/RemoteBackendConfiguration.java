package io.github.idgen.autoconfigure.remote;

import java.time.Duration;
import java.util.List;

import javax.net.ssl.SSLContext;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.ssl.NoSuchSslBundleException;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendObservers;
import io.github.idgen.autoconfigure.ConditionalOnBackend;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SegmentSettingsMapper;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.remote.RemoteSegmentStore;
import io.github.idgen.remote.RemoteServer;

/**
 * The remote backend: segments reserved from idgen ID servers through Spring's
 * {@link RestClient}, buffered like those of every segment backend. The client starts
 * from a clone of the application's {@code RestClient.Builder} when there is one (its
 * message converters and observations), and calls each server with the JDK's HTTP client
 * and {@code idgen.remote.timeout} for connecting and for each answer, over TLS with the
 * SSL bundle of {@code idgen.remote.ssl.bundle} where one is named.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(RestClient.class)
@ConditionalOnBackend(Backend.REMOTE)
class RemoteBackendConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(RemoteBackendConfiguration.class);

	@Bean
	IdGeneratorBackend idgenRemoteBackend(RemoteSegmentStore store, IdGeneratorProperties properties,
			RemoteProperties remote, ObjectProvider<BackendObservers> observers, BackgroundThreads threads) {
		Duration timeout = remote.getTimeout();
		return new IdGeneratorBackend(Backend.REMOTE,
				new SegmentSettingsMapper(properties).segmentSequences(store,
						BackendObservers.of(observers, Backend.REMOTE), threads),
				(name, sequence) -> RemoteSequenceCheck.check(name, sequence, timeout));
	}

	@Bean
	@ConditionalOnMissingBean
	RemoteSegmentStore idgenRemoteSegmentStore(RemoteProperties remote, IdGeneratorProperties properties,
			ObjectProvider<RestClient.Builder> builders, ObjectProvider<SslBundles> sslBundles) {
		RemoteSettingsCheck.check(remote, properties.getSegment().getFetchTimeout());
		SSLContext sslContext = sslContext(remote.getSsl().getBundle(), sslBundles);
		List<RemoteServer> servers = remote.getServers()
			.stream()
			.map((url) -> RemoteServer.create(url, remote.getTimeout(), sslContext,
					builders.getIfAvailable(RestClient::builder).clone()))
			.toList();
		Duration fetchTimeout = properties.getSegment().getFetchTimeout();
		if (fetchTimeout != null && remote.getTimeout().multipliedBy(servers.size() - 1).compareTo(fetchTimeout) >= 0) {
			logger.warn("With {} ID servers and idgen.remote.timeout {}, a caller that waits for a segment can give up "
					+ "(idgen.segment.fetch-timeout {}) while stalled servers asked first hold the reservation; set "
					+ "idgen.remote.timeout below {}", servers.size(), remote.getTimeout(), fetchTimeout,
					fetchTimeout.dividedBy(servers.size()));
		}
		if (remote.getToken() != null) {
			servers.stream()
				.filter((server) -> "http".equalsIgnoreCase(server.baseUrl().getScheme())
						&& !RemoteSettingsCheck.isLoopback(server.baseUrl()))
				.forEach((server) -> logger.warn(
						"idgen.remote.token is sent to {} over plain HTTP; use https:// " + "outside a trusted network",
						server.displayName()));
		}
		logger.info("Segments are reserved from the ID servers {}",
				servers.stream().map(RemoteServer::displayName).toList());
		return new RemoteSegmentStore(servers, remote.getToken(), remote.getBackOff(), remote.getMaxBackOff());
	}

	/**
	 * Return the TLS context of the SSL bundle of {@code idgen.remote.ssl.bundle}, or
	 * {@code null} for the JDK's default.
	 */
	private static SSLContext sslContext(String bundle, ObjectProvider<SslBundles> sslBundles) {
		if (bundle == null) {
			return null;
		}
		SslBundles bundles = sslBundles.getIfAvailable();
		if (bundles != null) {
			try {
				return bundles.getBundle(bundle).createSslContext();
			}
			catch (NoSuchSslBundleException ex) {
				logger.debug("No SSL bundle named {}", bundle, ex);
			}
		}
		throw new IdGeneratorConfigurationException("idgen.remote.ssl.bundle", bundle,
				"idgen.remote.ssl.bundle is '" + bundle + "', and the application has no SSL bundle of that name.",
				"Configure the bundle under spring.ssl.bundle (for example spring.ssl.bundle.pem." + bundle
						+ ".truststore.certificate), or set idgen.remote.ssl.bundle to the name of one.");
	}

}
