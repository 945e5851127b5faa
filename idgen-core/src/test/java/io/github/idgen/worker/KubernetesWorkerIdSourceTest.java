package io.github.idgen.worker;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.github.idgen.snowflake.BitLayout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for {@link KubernetesWorkerIdSource}.
 */
class KubernetesWorkerIdSourceTest {

	private static final BitLayout LAYOUT = BitLayout.javascriptSafe();

	private static KubernetesWorkerIdSource source(String hostname) {
		return new KubernetesWorkerIdSource(LAYOUT, 0, (name) -> Map.of("HOSTNAME", hostname).get(name));
	}

	@Test
	void takesTheStatefulSetOrdinal() {
		assertThat(source("orders-3").workerId()).isEqualTo(WorkerId.of(3));
		assertThat(source("order-service-web-31").workerId()).isEqualTo(WorkerId.of(31));
		assertThat(source("orders-0").workerId()).isEqualTo(WorkerId.of(0));
		assertThat(source("orders-12.orders.default.svc.cluster.local").workerId()).isEqualTo(WorkerId.of(12));
	}

	@Test
	void keepsTheDatacenter() {
		KubernetesWorkerIdSource source = new KubernetesWorkerIdSource(BitLayout.datacenterAndWorker(), 4,
				(name) -> "orders-7");
		assertThat(source.workerId()).isEqualTo(new WorkerId(4, 7));
	}

	@Test
	void rejectsMissingHostname() {
		String message = "HOSTNAME is not set: the kubernetes worker-id-source takes the worker ID from the ordinal "
				+ "of a StatefulSet pod, such as 3 of HOSTNAME=orders-3";
		assertThatIllegalStateException()
			.isThrownBy(() -> new KubernetesWorkerIdSource(LAYOUT, 0, (name) -> null).workerId())
			.withMessage(message);
		assertThatIllegalStateException().isThrownBy(() -> source(" ").workerId()).withMessage(message);
	}

	@Test
	void rejectsHostnameWithoutOrdinal() {
		for (String hostname : new String[] { "orders", "orders-", "orders-x1", "orders-1a", "42", "orders-3x.svc" }) {
			assertThatIllegalStateException().isThrownBy(() -> source(hostname).workerId())
				.withMessage("HOSTNAME '" + hostname + "' does not end with '-' and a StatefulSet ordinal, such as "
						+ "orders-3: is this a pod of a StatefulSet?");
		}
	}

	@Test
	void rejectsOrdinalBeyondTheLargestWorkerId() {
		assertThatIllegalStateException().isThrownBy(() -> source("orders-32").workerId())
			.withMessage("The StatefulSet ordinal 32 of HOSTNAME 'orders-32' is beyond the largest worker ID 31 of 5 "
					+ "worker bits: scale the StatefulSet down or use more worker bits");
		assertThatIllegalStateException().isThrownBy(() -> source("orders-99999999999").workerId())
			.withMessageStartingWith("The StatefulSet ordinal 99999999999 of HOSTNAME");
	}

	@Test
	void rejectsDatacenterBeyondTheLayout() {
		assertThatIllegalArgumentException().isThrownBy(() -> new KubernetesWorkerIdSource(LAYOUT, 1, (name) -> null))
			.withMessage("datacenter must lie within [0, 0] (0 datacenter bits) but was 1");
	}

}
