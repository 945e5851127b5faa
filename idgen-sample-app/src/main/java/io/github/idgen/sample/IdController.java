package io.github.idgen.sample;

import org.springframework.aot.hint.annotation.RegisterReflectionForBinding;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.github.idgen.BackendUnavailableException;
import io.github.idgen.IdGenerationException;
import io.github.idgen.IdGenerator;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.UnknownSequenceException;
import io.github.idgen.autoconfigure.jackson.IdsAsStrings;

/**
 * Hands out IDs over HTTP: {@code GET /ids/{sequence}} for one, {@code ?count=N} for a
 * batch of up to {@value #MAX_COUNT}, as JSON strings.
 * <p>
 * Both answers are registered for JSON binding in a native image: Spring registers the
 * types that a handler method declares, and this one declares {@code Object}.
 */
@RestController
@RegisterReflectionForBinding({ IdController.SingleId.class, IdController.IdBatch.class })
class IdController {

	static final int MAX_COUNT = 1000;

	private final IdGenerator ids;

	IdController(IdGenerator ids) {
		this.ids = ids;
	}

	@GetMapping("/ids/{sequence}")
	Object next(@PathVariable String sequence, @RequestParam(required = false) Integer count) {
		if (count == null) {
			return new SingleId(sequence, this.ids.nextId(sequence));
		}
		if (count < 1 || count > MAX_COUNT) {
			throw new IllegalArgumentException("count must be between 1 and " + MAX_COUNT + " but was " + count);
		}
		return new IdBatch(sequence, this.ids.nextIds(sequence, count));
	}

	@ExceptionHandler({ IllegalArgumentException.class, IdGenerationException.class })
	ProblemDetail failure(RuntimeException ex) {
		return ProblemDetail.forStatusAndDetail(status(ex), ex.getMessage());
	}

	private static HttpStatus status(RuntimeException ex) {
		if (ex instanceof UnknownSequenceException) {
			return HttpStatus.NOT_FOUND;
		}
		if (ex instanceof SequenceExhaustedException) {
			return HttpStatus.CONFLICT;
		}
		if (ex instanceof BackendUnavailableException) {
			return HttpStatus.SERVICE_UNAVAILABLE;
		}
		return (ex instanceof IdGenerationException) ? HttpStatus.INTERNAL_SERVER_ERROR : HttpStatus.BAD_REQUEST;
	}

	/**
	 * One ID, written as a JSON string by {@code @IdsAsStrings}, since JavaScript numbers
	 * hold integers exactly only up to 2^53.
	 *
	 * @param sequence the sequence
	 * @param id the ID
	 */
	@IdsAsStrings
	record SingleId(String sequence, long id) {
	}

	/**
	 * A batch of IDs, written as JSON strings.
	 *
	 * @param sequence the sequence
	 * @param ids the IDs
	 */
	@IdsAsStrings
	record IdBatch(String sequence, long[] ids) {
	}

}
