package io.github.idgen.server.http;

import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.util.unit.DataSize;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

import io.github.idgen.SequenceNames;

/**
 * Lets a request to one of the ID server's endpoints reach it only if its client may make
 * it: a bearer token of a configured client (when any is configured), a sequence the
 * client may use, and a body no larger than the server accepts, checked from the
 * {@code Content-Length} before a byte of it is read. Each refusal is an
 * {@link ApiProblemException}, answered as a problem. The client found is kept in the
 * request attribute {@link #CLIENT} for the endpoints.
 */
class ApiAccessInterceptor implements HandlerInterceptor {

	/**
	 * The request attribute that holds the {@link ApiClient} of an authorized request.
	 */
	static final String CLIENT = "io.github.idgen.server.http.client";

	private final ApiClients clients;

	private final DataSize maxRequestBody;

	ApiAccessInterceptor(ApiClients clients, DataSize maxRequestBody) {
		this.clients = clients;
		this.maxRequestBody = maxRequestBody;
	}

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		if (!isApiEndpoint(handler)) {
			return true;
		}
		ApiClient client = this.clients.authenticate(request.getHeader(HttpHeaders.AUTHORIZATION));
		String sequence = sequenceOf(request);
		if (sequence != null && !client.mayUse(sequence)) {
			throw new ApiProblemException(ApiProblem.FORBIDDEN,
					"Client '" + client.name() + "' may not use sequence " + SequenceNames.quote(sequence));
		}
		checkBodySize(request);
		request.setAttribute(CLIENT, client);
		return true;
	}

	private void checkBodySize(HttpServletRequest request) {
		long length = request.getContentLengthLong();
		boolean unknownLength = length < 0 && request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null;
		if (unknownLength || length > this.maxRequestBody.toBytes()) {
			throw new ApiProblemException(ApiProblem.REQUEST_TOO_LARGE, "A request body must have a Content-Length "
					+ "of at most " + this.maxRequestBody.toBytes() + " bytes");
		}
	}

	/**
	 * Return whether a handler is one of the API's endpoints, not another handler whose
	 * path happens to lie under {@code /api/v1}, such as the static resources' that
	 * answers a path no endpoint maps.
	 * @param handler the handler
	 * @return whether it is an endpoint of {@link SequenceController} or
	 * {@link ServerHealthController}
	 */
	static boolean isApiEndpoint(Object handler) {
		return handler instanceof HandlerMethod method && (method.getBeanType() == SequenceController.class
				|| method.getBeanType() == ServerHealthController.class);
	}

	/**
	 * Return the sequence name of the request's path, or {@code null} if it has none.
	 * @param request the request
	 * @return the name
	 */
	@SuppressWarnings("unchecked")
	static String sequenceOf(HttpServletRequest request) {
		Object variables = request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
		return (variables instanceof Map<?, ?> map) ? ((Map<String, String>) map).get("name") : null;
	}

}
