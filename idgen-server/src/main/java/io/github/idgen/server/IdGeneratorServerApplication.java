package io.github.idgen.server;

import java.util.Map;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/**
 * The ID server: idgen's sequences over HTTP under {@code /api/v1}, served by
 * {@link io.github.idgen.server.http.IdGeneratorServerAutoConfiguration} from the store
 * the application is configured with (an H2 file database under {@code data/} by
 * default). Several server processes over one store form one service: they keep no state
 * of their own.
 * <p>
 * It scans no components: its endpoints are those of the auto-configuration, which an
 * application of one's own gets the same way. Its configuration is
 * {@code idgen-server.yml}, not {@code application.yml}, so that the jar, added to
 * another application as a library, brings no configuration into it.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class IdGeneratorServerApplication {

	/**
	 * The name of the server's configuration files, {@code idgen-server.yml} on the class
	 * path and beside the server as Spring Boot looks for {@code application.yml}.
	 */
	public static final String CONFIG_NAME = "idgen-server";

	/**
	 * Start the server.
	 * @param args the command line arguments, such as
	 * {@code --spring.datasource.url=jdbc:postgresql://...}
	 */
	public static void main(String[] args) {
		application().run(args);
	}

	/**
	 * Return the server application, configured from {@value #CONFIG_NAME}{@code .yml}
	 * unless {@code spring.config.name} says otherwise.
	 * @return the application, to run
	 */
	public static SpringApplication application() {
		SpringApplication application = new SpringApplication(IdGeneratorServerApplication.class);
		application.setDefaultProperties(Map.of("spring.config.name", CONFIG_NAME));
		return application;
	}

}
