package io.github.idgen.autoconfigure.remote;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * Checks {@code idgen.remote} at startup: at least one server, each an absolute
 * {@code http} or {@code https} URL with a host and no user information or query, a token
 * that an HTTP header can carry, positive durations, a back-off of at most a day, and a
 * timeout shorter than the fetch-timeout.
 */
final class RemoteSettingsCheck {

	private static final String HIDDEN = "******";

	private RemoteSettingsCheck() {
	}

	/**
	 * The longest back-off: a server that keeps failing is asked first again at least
	 * once a day.
	 */
	static final Duration MAX_BACK_OFF = Duration.ofDays(1);

	static void check(RemoteProperties remote, Duration fetchTimeout) {
		List<URI> servers = remote.getServers();
		if (servers == null || servers.isEmpty()) {
			throw new IdGeneratorConfigurationException("idgen.remote.servers", null,
					"idgen.backend is 'remote', and idgen.remote.servers lists no ID server to reserve IDs from.",
					"Set idgen.remote.servers to the base URLs of the ID servers, such as "
							+ "idgen.remote.servers=http://ids-1:8080,http://ids-2:8080.");
		}
		for (int i = 0; i < servers.size(); i++) {
			checkServer("idgen.remote.servers[" + i + "]", servers.get(i));
		}
		checkToken(remote.getToken());
		checkPositive("idgen.remote.timeout", remote.getTimeout());
		checkPositive("idgen.remote.back-off", remote.getBackOff());
		checkPositive("idgen.remote.max-back-off", remote.getMaxBackOff());
		if (remote.getMaxBackOff().compareTo(MAX_BACK_OFF) > 0) {
			throw new IdGeneratorConfigurationException("idgen.remote.max-back-off", remote.getMaxBackOff(),
					"idgen.remote.max-back-off is " + remote.getMaxBackOff() + ", longer than a day.",
					"Set idgen.remote.max-back-off to at most 1d.");
		}
		checkTimeout(remote.getTimeout(), "idgen.segment.fetch-timeout", fetchTimeout);
		if (remote.getMaxBackOff().compareTo(remote.getBackOff()) < 0) {
			throw new IdGeneratorConfigurationException("idgen.remote.max-back-off", remote.getMaxBackOff(),
					"idgen.remote.max-back-off (" + remote.getMaxBackOff() + ") is shorter than idgen.remote.back-off ("
							+ remote.getBackOff() + ").",
					"Set idgen.remote.max-back-off to at least idgen.remote.back-off.");
		}
	}

	private static void checkServer(String property, URI url) {
		String scheme = (url != null && url.getScheme() != null) ? url.getScheme().toLowerCase(Locale.ROOT) : null;
		if (!("http".equals(scheme) || "https".equals(scheme)) || url.getHost() == null || url.getRawQuery() != null
				|| url.getRawFragment() != null || url.getRawUserInfo() != null) {
			throw new IdGeneratorConfigurationException(property, withoutUserInfo(url),
					property + " is '" + withoutUserInfo(url) + "', which is not the base URL of an ID server: it "
							+ "must be an absolute http:// or https:// URL with a host and without user information, "
							+ "query or fragment.",
					"Set " + property + " to a URL such as http://ids-1:8080, and the client's credentials in "
							+ "idgen.remote.token.");
		}
	}

	private static String withoutUserInfo(URI url) {
		if (url == null) {
			return null;
		}
		String text = url.toString();
		String userInfo = url.getRawUserInfo();
		return (userInfo != null) ? text.replace(userInfo + "@", HIDDEN + "@") : text;
	}

	/**
	 * Refuse a timeout of one call that is not shorter than a fetch-timeout: one server
	 * that stalls, asked first, would then fail every caller that waits for a segment
	 * while the others answer.
	 * @param timeout the timeout of one call
	 * @param property the fetch-timeout's property
	 * @param fetchTimeout the fetch-timeout
	 */
	static void checkTimeout(Duration timeout, String property, Duration fetchTimeout) {
		if (fetchTimeout != null && timeout.compareTo(fetchTimeout) >= 0) {
			throw new IdGeneratorConfigurationException("idgen.remote.timeout", timeout,
					"idgen.remote.timeout (" + timeout + ") is not shorter than " + property + " (" + fetchTimeout
							+ "): a caller waiting for a segment would give up while one stalled server holds the "
							+ "reservation, although another server answers.",
					"Set idgen.remote.timeout shorter than " + property + ", such as a third of it.");
		}
	}

	private static void checkToken(String token) {
		if (token == null) {
			return;
		}
		if (token.isBlank() || !token.chars().allMatch((c) -> c > 0x20 && c < 0x7f)) {
			throw new IdGeneratorConfigurationException("idgen.remote.token", HIDDEN,
					"idgen.remote.token is blank or holds whitespace, control or non-ASCII characters, which an "
							+ "Authorization header cannot carry.",
					"Set idgen.remote.token to the token the servers' idgen.server.clients list for this "
							+ "application, or remove it for servers without clients.");
		}
	}

	private static void checkPositive(String property, Duration duration) {
		if (duration == null || duration.isNegative() || duration.isZero()) {
			throw new IdGeneratorConfigurationException(property, duration,
					property + " is " + duration + ", but it must be positive.",
					"Set " + property + " to a positive duration such as 2s.");
		}
	}

	/**
	 * Return whether a URL names this machine, by a loopback name or address; a name is
	 * not looked up.
	 */
	static boolean isLoopback(URI url) {
		String host = url.getHost();
		if ("localhost".equalsIgnoreCase(host)) {
			return true;
		}
		if (!host.matches("[0-9.]+") && !host.startsWith("[")) {
			return false;
		}
		try {
			return InetAddress.getByName(host).isLoopbackAddress();
		}
		catch (UnknownHostException ex) {
			return false;
		}
	}

}
