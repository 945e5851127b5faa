package io.github.idgen.smoke.remote;

import java.util.Set;

import org.springframework.boot.autoconfigure.SpringBootApplication;

import io.github.idgen.autoconfigure.Backend;
import io.github.idgen.smoke.RemoteServers;
import io.github.idgen.smoke.SmokeRun;

/**
 * An application with the idgen starter and Spring's RestClient, no store library:
 * segments reserved from the idgen ID server of {@code idgen.remote.servers}.
 */
@SpringBootApplication
public class RemoteSmokeApplication {

	public static void main(String[] args) {
		System.exit(new SmokeRun("remote", Backend.REMOTE, Set.of(), new RemoteServers())
			.run(RemoteSmokeApplication.class, args));
	}

}
