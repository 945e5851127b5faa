package io.github.idgen.autoconfigure.remote;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.autoconfigure.BackendObservers;
import io.github.idgen.autoconfigure.ConditionalOnBackend;
import io.github.idgen.autoconfigure.IdGeneratorBackend;
import io.github.idgen.autoconfigure.IdGeneratorProperties;
import io.github.idgen.autoconfigure.SegmentSettingsMapper;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.remote.RemoteSegmentStore;
import io.github.idgen.remote.RemoteServer;

/**
 * The remote backend: segments reserved from idgen ID servers through Spring's
 * {@link RestClient}, buffered like those of every segment backend. The client starts
 * from the application's {@code RestClient.Builder} when Spring Boot configured one (its
 * message converters and observations), and calls each server with the JDK's HTTP client
 * and {@code idgen.remote.timeout} for connecting and for each answer.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(RestClient.class)
@ConditionalOnBackend(Backend.REMOTE)
class RemoteBackendConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(RemoteBackendConfiguration.class);

	@Bean
	IdGeneratorBackend idgenRemoteBackend(RemoteSegmentStore store, IdGeneratorProperties properties,
			ObjectProvider<BackendObservers> observers, BackgroundThreads threads) {
		return new IdGeneratorBackend(Backend.REMOTE, new SegmentSettingsMapper(properties).segmentSequences(store,
				BackendObservers.of(observers, Backend.REMOTE), threads), RemoteSequenceCheck::check);
	}

	@Bean
	@ConditionalOnMissingBean
	RemoteSegmentStore idgenRemoteSegmentStore(RemoteProperties remote, ObjectProvider<RestClient.Builder> builders) {
		RemoteSettingsCheck.check(remote);
		List<RemoteServer> servers = remote.getServers()
			.stream()
			.map((url) -> server(url, remote.getTimeout(), builders.getIfAvailable(RestClient::builder)))
			.toList();
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

	private static RemoteServer server(URI url, Duration timeout, RestClient.Builder builder) {
		HttpClient http = HttpClient.newBuilder()
			.connectTimeout(timeout)
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
		JdkClientHttpRequestFactory requestFactory = new JdkClientHttpRequestFactory(http);
		requestFactory.setReadTimeout(timeout);
		return new RemoteServer(url, builder.baseUrl(url.toString()).requestFactory(requestFactory).build());
	}

}
