package io.github.idgen.sample;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.event.EventListener;

/**
 * A runnable demo of idgen: IDs over HTTP from the database the active profile selects
 * (an H2 file database by default).
 */
@SpringBootApplication
public class SampleApplication {

	private static final Logger logger = LoggerFactory.getLogger(SampleApplication.class);

	/**
	 * Start the sample.
	 * @param args the command-line arguments
	 */
	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

	@EventListener
	void printUsage(ApplicationReadyEvent event) {
		if (event.getApplicationContext() instanceof WebServerApplicationContext context) {
			String base = "http://localhost:" + context.getWebServer().getPort();
			logger.info(
					"idgen sample is ready. Watch its sequences at {}/ and fetch IDs with:\n  curl {}/ids/order\n"
							+ "  curl '{}/ids/order?count=10'\n  curl {}/actuator/health\n  curl {}/actuator/idgen",
					base, base, base, base, base);
		}
	}

}
