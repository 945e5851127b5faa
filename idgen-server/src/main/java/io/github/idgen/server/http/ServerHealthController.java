package io.github.idgen.server.http;

import java.util.List;
import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.github.idgen.autoconfigure.IdGeneratorBackend;

/**
 * {@code GET /api/v1/health}: whether the server can hand out IDs, that is, whether every
 * backend it serves from answers. {@code {"status": "UP"}}, or the problem
 * {@code backend-unavailable} (503 with {@code Retry-After}) naming no host. Clients such
 * as the {@code remote} backend ask it to tell a server that answers from one whose store
 * does not; it needs a token as the other endpoints do.
 */
@RestController
class ServerHealthController {

	private final List<IdGeneratorBackend> backends;

	ServerHealthController(List<IdGeneratorBackend> backends) {
		this.backends = backends;
	}

	/**
	 * Check every backend.
	 * @return {@code {"status": "UP"}}
	 * @throws io.github.idgen.BackendUnavailableException if a backend does not answer
	 */
	@GetMapping("/api/v1/health")
	Map<String, String> health() {
		this.backends.forEach((backend) -> backend.sequences().checkAvailable());
		return Map.of("status", "UP");
	}

}
