package io.github.idgen.server.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Counts the requests to the ID server's API in the meter {@value #METER}, tagged with
 * the {@code sequence} (a name the server serves, or {@value ServedSequences#OTHER}) and
 * the {@code outcome}: {@value #SUCCESS}, or the slug of the {@link ApiProblem} answered.
 */
class ServerRequestsInterceptor implements HandlerInterceptor {

	/**
	 * The name of the meter.
	 */
	static final String METER = "idgen.server.requests";

	/**
	 * The request attribute that holds the {@link ApiProblem} a request was answered
	 * with.
	 */
	static final String PROBLEM = "io.github.idgen.server.http.problem";

	private static final String SUCCESS = "success";

	private final MeterRegistry registry;

	private final ServedSequences sequences;

	ServerRequestsInterceptor(MeterRegistry registry, ServedSequences sequences) {
		this.registry = registry;
		this.sequences = sequences;
	}

	@Override
	public void afterCompletion(HttpServletRequest request, HttpServletResponse response, Object handler,
			Exception ex) {
		if (!ApiAccessInterceptor.isApiEndpoint(handler)) {
			return;
		}
		Object problem = request.getAttribute(PROBLEM);
		String outcome = (problem instanceof ApiProblem answered) ? answered.slug()
				: (ex != null) ? ApiProblem.SERVER_ERROR.slug() : SUCCESS;
		Counter.builder(METER)
			.description("Requests to the ID server's API")
			.tag("sequence", this.sequences.tag(ApiAccessInterceptor.sequenceOf(request)))
			.tag("outcome", outcome)
			.register(this.registry)
			.increment();
	}

}
