package io.github.idgen.server.http;

import java.time.Duration;

import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.ClockMovedBackwardsException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;
import io.github.idgen.UnknownSequenceException;
import io.github.idgen.WorkerIdLostException;

/**
 * Answers every failure of the ID server's endpoints as an RFC 9457 problem
 * ({@code application/problem+json}) of its {@link ApiProblem} type. The detail is one
 * the server writes itself: never the message of a store's or a driver's exception, which
 * can name hosts and users, nor a stack trace. Failures a retry may heal get a
 * {@code Retry-After}; a missing or wrong token a {@code WWW-Authenticate: Bearer}. It
 * comes before every other advice, such as Spring Boot's problem details, for the
 * endpoints of {@link SequenceController} and {@link ServerHealthController} only.
 */
@RestControllerAdvice(assignableTypes = { SequenceController.class, ServerHealthController.class })
@Order(Ordered.HIGHEST_PRECEDENCE)
class ApiProblemHandler {

	private static final Logger logger = LoggerFactory.getLogger(ApiProblemHandler.class);

	private final Duration retryAfter;

	ApiProblemHandler(Duration retryAfter) {
		this.retryAfter = retryAfter;
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> refused(ApiProblemException ex, HttpServletRequest request) {
		return answer(ex.getProblem(), ex.getMessage(), request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unknownSequence(UnknownSequenceException ex, HttpServletRequest request) {
		return answer(ApiProblem.UNKNOWN_SEQUENCE,
				"This server serves no sequence " + SequenceNames.quote(ex.getSequence()), request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> exhausted(SequenceExhaustedException ex, HttpServletRequest request) {
		return answer(ApiProblem.SEQUENCE_EXHAUSTED,
				"Sequence " + SequenceNames.quote(ex.getSequence()) + " has handed out its last ID", request);
	}

	@ExceptionHandler({ BackendUnavailableException.class, ClockMovedBackwardsException.class,
			WorkerIdLostException.class })
	ResponseEntity<ProblemDetail> unavailable(RuntimeException ex, HttpServletRequest request) {
		logger.warn("Request for sequence {} failed: {}", SequenceNames.quote(ApiAccessInterceptor.sequenceOf(request)),
				ex.getMessage());
		return answer(ApiProblem.BACKEND_UNAVAILABLE, "The store did not answer in time; retry later", request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unreadable(HttpMessageNotReadableException ex, HttpServletRequest request) {
		return answer(ApiProblem.INVALID_REQUEST, "The request body is not the JSON expected, such as {\"size\":1000}",
				request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> notJson(HttpMediaTypeNotSupportedException ex, HttpServletRequest request) {
		return answer(ApiProblem.INVALID_REQUEST, "The request body must be application/json", request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> failed(RuntimeException ex, HttpServletRequest request) {
		logger.error("Request for sequence {} failed", SequenceNames.quote(ApiAccessInterceptor.sequenceOf(request)),
				ex);
		return answer(ApiProblem.SERVER_ERROR, "The server failed; its log tells why", request);
	}

	private ResponseEntity<ProblemDetail> answer(ApiProblem problem, String detail, HttpServletRequest request) {
		request.setAttribute(ServerRequestsInterceptor.PROBLEM, problem);
		ProblemDetail body = ProblemDetail.forStatusAndDetail(problem.status(), detail);
		body.setType(problem.type());
		body.setTitle(problem.title());
		ResponseEntity.BodyBuilder response = ResponseEntity.status(problem.status());
		if (problem == ApiProblem.UNAUTHORIZED) {
			response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"idgen\"");
		}
		else if (problem == ApiProblem.BACKEND_UNAVAILABLE) {
			response.header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, this.retryAfter.toSeconds())));
		}
		return response.body(body);
	}

}
