package io.github.idgen.remote;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.SequenceExhaustedException;
import io.github.idgen.SequenceNames;
import io.github.idgen.remote.RemoteSegmentStore.Reply;

/**
 * Turns an ID server's failure status into what the segment engine makes of it: a refusal
 * that reaches the caller at once (a retry will not change it), or a failure after which
 * the next server is asked.
 */
final class RemoteRefusals {

	private RemoteRefusals() {
	}

	/**
	 * Return what a status other than 2xx means.
	 * @param server the server that answered
	 * @param sequence the sequence asked for
	 * @param status the HTTP status
	 * @param problemType the kind of problem the server named, or {@code null}
	 * @return the reply
	 */
	static Reply of(RemoteServer server, String sequence, int status, String problemType) {
		String name = SequenceNames.quote(sequence);
		String from = "ID server " + server.displayName();
		if (status == 401 && "unauthorized".equals(problemType)) {
			return Reply.refusal(new BackendMisconfiguredException(
					from + " refused the token (401). Set idgen.remote.token to a token that the server's "
							+ "idgen.server.clients lists."));
		}
		if (status == 403 && "forbidden".equals(problemType)) {
			return Reply.refusal(new BackendMisconfiguredException(from + " does not let this client use sequence "
					+ name + " (403). Add the sequence to this client's sequences on the server."));
		}
		if (status == 404 && "unknown-sequence".equals(problemType)) {
			return Reply.refusal(new BackendMisconfiguredException(from + " does not serve sequence " + name
					+ " (404). Configure it under idgen.sequences on the servers."));
		}
		if (status == 409 && "sequence-exhausted".equals(problemType)) {
			return Reply.refusal(new SequenceExhaustedException(sequence,
					"Sequence " + name + " has reached its max-value on " + from));
		}
		if (status == 409 && "not-segmentable".equals(problemType)) {
			return Reply.refusal(new BackendMisconfiguredException(from + " does not hand out sequence " + name
					+ " in segments (409). Serve it from a segment backend on the servers."));
		}
		return Reply.failure("answered " + status + ((problemType != null) ? " " + problemType : ""));
	}

}
