package io.github.idgen.worker;

import java.util.function.Function;

/**
 * A {@link WorkerIdSource} that takes the worker ID from the ordinal of a pod of a
 * Kubernetes StatefulSet: the number after the last {@code -} of the host name in the
 * {@code HOSTNAME} environment variable ({@code orders-3} is worker 3). Kubernetes runs
 * at most one pod of each ordinal at a time, so the pods of one StatefulSet have distinct
 * worker IDs; pods of other StatefulSets that share the ID space need another datacenter
 * ID. A domain after the first {@code .} is ignored.
 */
public final class KubernetesWorkerIdSource implements WorkerIdSource {

	private static final String HOSTNAME = "HOSTNAME";

	private static final int MAX_ORDINAL_DIGITS = 9;

	private final WorkerIdSpace layout;

	private final int datacenter;

	private final Function<String, String> environment;

	/**
	 * Create a source that reads the system environment.
	 * @param layout the layout the worker ID must fit
	 * @param datacenter the datacenter ID of the StatefulSet, 0 if the layout has no
	 * datacenter bits
	 * @throws IllegalArgumentException if the datacenter ID does not fit the layout
	 */
	public KubernetesWorkerIdSource(WorkerIdSpace layout, int datacenter) {
		this(layout, datacenter, System::getenv);
	}

	/**
	 * Create a source.
	 * @param layout the layout the worker ID must fit
	 * @param datacenter the datacenter ID of the StatefulSet, 0 if the layout has no
	 * datacenter bits
	 * @param environment the environment variables, by name
	 * @throws IllegalArgumentException if an argument is not valid
	 */
	public KubernetesWorkerIdSource(WorkerIdSpace layout, int datacenter, Function<String, String> environment) {
		if (layout == null) {
			throw new IllegalArgumentException("layout must not be null");
		}
		layout.checkFits(new WorkerId(datacenter, 0));
		if (environment == null) {
			throw new IllegalArgumentException("environment must not be null");
		}
		this.layout = layout;
		this.datacenter = datacenter;
		this.environment = environment;
	}

	/**
	 * Return the worker ID parsed from {@code HOSTNAME}.
	 * @throws IllegalStateException if {@code HOSTNAME} is not set, does not end with
	 * {@code -} and a number, or the number is beyond the largest worker ID of the layout
	 */
	@Override
	public WorkerId workerId() {
		String hostname = this.environment.apply(HOSTNAME);
		if (hostname == null || hostname.isBlank()) {
			throw new IllegalStateException("HOSTNAME is not set: the kubernetes worker-id-source takes the worker ID "
					+ "from the ordinal of a StatefulSet pod, such as 3 of HOSTNAME=orders-3");
		}
		int dot = hostname.indexOf('.');
		String name = (dot >= 0) ? hostname.substring(0, dot) : hostname;
		String ordinal = name.substring(name.lastIndexOf('-') + 1);
		if (ordinal.isEmpty() || !ordinal.chars().allMatch((c) -> c >= '0' && c <= '9')
				|| ordinal.length() == name.length()) {
			throw new IllegalStateException("HOSTNAME '" + hostname + "' does not end with '-' and a StatefulSet "
					+ "ordinal, such as orders-3: is this a pod of a StatefulSet?");
		}
		if (ordinal.length() > MAX_ORDINAL_DIGITS || Integer.parseInt(ordinal) > this.layout.maxWorkerId()) {
			throw new IllegalStateException("The StatefulSet ordinal " + ordinal + " of HOSTNAME '" + hostname
					+ "' is beyond the largest worker ID " + this.layout.maxWorkerId() + " of "
					+ this.layout.workerBits() + " worker bits: scale the StatefulSet down or use more worker bits");
		}
		return new WorkerId(this.datacenter, Integer.parseInt(ordinal));
	}

}
