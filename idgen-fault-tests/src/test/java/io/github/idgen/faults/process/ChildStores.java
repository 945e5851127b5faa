package io.github.idgen.faults.process;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.web.client.RestClient;

import io.github.idgen.jdbc.JdbcKeyChecks;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.jdbc.JdbcWorkerLeaseStore;
import io.github.idgen.jdbc.JdbcWorkerSchema;
import io.github.idgen.mongo.MongoSegmentStore;
import io.github.idgen.redis.RedisKeys;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.redis.RedisWorkerLeaseStore;
import io.github.idgen.remote.RemoteSegmentStore;
import io.github.idgen.remote.RemoteServer;
import io.github.idgen.segment.KeyCheckStore;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.striped.StripeMember;
import io.github.idgen.segment.striped.StripedSegmentStore;
import io.github.idgen.test.TestBackends;
import io.github.idgen.worker.WorkerLeaseStore;

/**
 * Opens, in a {@link GeneratorProcess}, the store its options name, on a connection of
 * its own: option {@code store} is {@code jdbc} ({@code url}, optional {@code user} and
 * {@code password}, {@code table} for segments, {@code workerTable} for worker leases),
 * {@code redis} ({@code url}, {@code prefix}), {@code mongo} ({@code url}, a connection
 * string with the database; the default collection) or {@code striped}, a
 * {@link StripedSegmentStore} over JDBC stores: {@code generation}, {@code stripes} (how
 * many stores the layout has) and, for each store {@code i} from 0,
 * {@code stripe.<i>.name}, {@code stripe.<i>.url}, {@code stripe.<i>.table} and optional
 * {@code stripe.<i>.user} and {@code stripe.<i>.password}; optional {@code retired} (how
 * many retired stores) with {@code retired.<i>.*} alike; or {@code remote}, ID servers
 * ({@code servers}, {@code token}, {@code timeout}, see {@link #remote()}). Each store of
 * a striped store opens a connection per operation ({@link UnpooledDataSource}), so its
 * URL should set the driver's connect and socket timeouts; the striped store's layout is
 * checked, or set up, before the store is returned
 * ({@link StripedSegmentStore#establish()}). {@link #close()} closes the connections and
 * stops a striped store's background checks.
 */
final class ChildStores implements AutoCloseable {

	private static final int POOL_SIZE = 4;

	private final ChildOptions options;

	private final Deque<AutoCloseable> resources = new ArrayDeque<>();

	ChildStores(ChildOptions options) {
		this.options = options;
	}

	/**
	 * Open the segment store of the options, creating a JDBC table if it is missing.
	 * @return the store
	 */
	SegmentStore segmentStore() {
		String table = this.options.get("table", "unused");
		return switch (this.options.get("store")) {
			case "jdbc" -> {
				DataSource dataSource = dataSource();
				new JdbcSegmentSchema(dataSource, table).createIfMissing();
				yield new JdbcSegmentStore(dataSource, table);
			}
			case "redis" -> redisSegmentStore();
			case "mongo" -> new MongoSegmentStore(mongo());
			case "striped" -> striped();
			case "remote" -> remote();
			default -> throw new IllegalArgumentException("Unknown store " + this.options.get("store"));
		};
	}

	/**
	 * Open the segment store of option {@code store=redis}, without a floor, as an
	 * increment sequence needs it.
	 * @return the store
	 * @throws IllegalArgumentException if the options name another store
	 */
	RedisSegmentStore redisSegmentStore() {
		if (!this.options.get("store").equals("redis")) {
			throw new IllegalArgumentException("Not a Redis store: " + this.options.get("store"));
		}
		return new RedisSegmentStore(redis(), new RedisKeys(this.options.get("prefix")));
	}

	/**
	 * Open a {@link RemoteSegmentStore} over the ID servers of option {@code servers}
	 * (base URLs separated by commas), with option {@code token} and a timeout of option
	 * {@code timeout} (an ISO-8601 duration) per call; a server that fails is asked after
	 * the others for a second, doubled up to five.
	 */
	private RemoteSegmentStore remote() {
		Duration timeout = this.options.getDuration("timeout");
		List<RemoteServer> servers = new ArrayList<>();
		for (String url : this.options.get("servers").split(",")) {
			servers.add(RemoteServer.create(URI.create(url), timeout, null, RestClient.builder()));
		}
		return new RemoteSegmentStore(servers, this.options.get("token"), Duration.ofSeconds(1), Duration.ofSeconds(5));
	}

	private StripedSegmentStore striped() {
		StripedSegmentStore store = new StripedSegmentStore(stripeMembers("stripe", this.options.getInt("stripes")),
				stripeMembers("retired", Integer.parseInt(this.options.get("retired", "0"))),
				this.options.getInt("generation"));
		this.resources.push(store);
		long started = System.nanoTime();
		store.establish();
		System.out.println("Striped store established in " + (System.nanoTime() - started) / 1_000_000 + " ms: "
				+ store.stripes());
		return store;
	}

	private List<StripeMember> stripeMembers(String prefix, int count) {
		List<StripeMember> members = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String key = prefix + "." + i + ".";
			String table = this.options.get(key + "table");
			DataSource dataSource = new UnpooledDataSource(this.options.get(key + "url"),
					this.options.get(key + "user", null), this.options.get(key + "password", null));
			new JdbcSegmentSchema(dataSource, table).createIfMissing();
			members.add(new StripeMember(this.options.get(key + "name"), new JdbcSegmentStore(dataSource, table)));
		}
		return members;
	}

	/**
	 * Open the store of key check values next to the JDBC segment table of the options.
	 * @return the store
	 */
	KeyCheckStore keyCheckStore() {
		if (!this.options.get("store").equals("jdbc")) {
			throw new IllegalArgumentException("No key checks in store " + this.options.get("store"));
		}
		return new JdbcKeyChecks(dataSource(), this.options.get("table"));
	}

	/**
	 * Open the worker lease store of the options, creating a JDBC table if it is missing.
	 * @return the store
	 */
	WorkerLeaseStore workerLeaseStore() {
		return switch (this.options.get("store")) {
			case "jdbc" -> {
				DataSource dataSource = dataSource();
				new JdbcWorkerSchema(dataSource, this.options.get("workerTable")).createIfMissing();
				yield new JdbcWorkerLeaseStore(dataSource, this.options.get("workerTable"));
			}
			case "redis" -> new RedisWorkerLeaseStore(redis(), this.options.get("prefix"));
			default -> throw new IllegalArgumentException("No worker leases in store " + this.options.get("store"));
		};
	}

	private DataSource dataSource() {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(this.options.get("url"));
		config.setUsername(this.options.get("user", null));
		config.setPassword(this.options.get("password", null));
		config.setMaximumPoolSize(POOL_SIZE);
		config.setConnectionTimeout(10_000);
		HikariDataSource dataSource = new HikariDataSource(config);
		this.resources.push(dataSource);
		return dataSource;
	}

	private LettuceConnectionFactory redis() {
		LettuceConnectionFactory factory = TestBackends
			.redisConnectionFactory(LettuceConnectionFactory.createRedisConfiguration(this.options.get("url")));
		this.resources.push(factory::destroy);
		return factory;
	}

	private MongoTemplate mongo() {
		ConnectionString connection = new ConnectionString(this.options.get("url"));
		MongoClient client = MongoClients.create(MongoClientSettings.builder()
			.applyConnectionString(connection)
			.applyToSocketSettings((socket) -> socket.readTimeout(10, TimeUnit.SECONDS))
			.applyToConnectionPoolSettings((pool) -> pool.maxSize(POOL_SIZE))
			.build());
		this.resources.push(client);
		return new MongoTemplate(client, connection.getDatabase());
	}

	@Override
	public void close() throws Exception {
		while (!this.resources.isEmpty()) {
			this.resources.pop().close();
		}
	}

}
