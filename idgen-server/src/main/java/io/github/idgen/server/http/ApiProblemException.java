package io.github.idgen.server.http;

/**
 * Thrown by the ID server's endpoints for a request they refuse: answered as its
 * {@link ApiProblem} with its message as the problem's detail, which therefore never
 * holds more than the server itself wrote (a sequence name only as
 * {@link io.github.idgen.SequenceNames#quote quoted}).
 */
public class ApiProblemException extends RuntimeException {

	private final ApiProblem problem;

	/**
	 * Create a new exception.
	 * @param problem the problem to answer with
	 * @param detail the detail of the problem
	 */
	public ApiProblemException(ApiProblem problem, String detail) {
		super(detail);
		this.problem = problem;
	}

	/**
	 * Return the problem to answer with.
	 * @return the problem
	 */
	public ApiProblem getProblem() {
		return this.problem;
	}

}
