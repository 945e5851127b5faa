package io.github.idgen.server.http;

import java.net.InetAddress;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.web.server.ConfigurableWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Makes the web server of an ID server without configured clients listen on the loopback
 * address only, so that a server that asks for no token serves no other host, and says so
 * in one line at startup. Applied only where {@code server.address} is not set or empty
 * (an empty one binds no address, every interface), after Spring Boot's own customizers.
 */
class LoopbackOnlyCustomizer implements WebServerFactoryCustomizer<ConfigurableWebServerFactory>, Ordered {

	private static final Logger logger = LoggerFactory.getLogger(LoopbackOnlyCustomizer.class);

	private final boolean applies;

	/**
	 * Create the customizer.
	 * @param applies whether no client is configured and {@code server.address} is not
	 * set
	 */
	LoopbackOnlyCustomizer(boolean applies) {
		this.applies = applies;
	}

	@Override
	public void customize(ConfigurableWebServerFactory factory) {
		if (!this.applies) {
			return;
		}
		InetAddress loopback = InetAddress.getLoopbackAddress();
		factory.setAddress(loopback);
		logger.info("No idgen.server.clients are configured: the ID server listens on {} only and asks for no token; "
				+ "configure clients with tokens to serve other hosts", loopback.getHostAddress());
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
