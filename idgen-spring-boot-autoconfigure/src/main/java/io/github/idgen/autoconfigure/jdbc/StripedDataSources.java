package io.github.idgen.autoconfigure.jdbc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;

import io.github.idgen.BackendMisconfiguredException;
import io.github.idgen.BackendUnavailableException;
import io.github.idgen.FailureDescriptions;
import io.github.idgen.autoconfigure.SequenceProperties;
import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;
import io.github.idgen.background.BackgroundThreads;
import io.github.idgen.jdbc.JdbcSegmentSchema;
import io.github.idgen.jdbc.JdbcSegmentStore;
import io.github.idgen.segment.striped.StripeMember;
import io.github.idgen.segment.striped.StripedSegmentStore;

/**
 * Opens the {@link StripedSegmentStore} of {@code idgen.jdbc.data-sources}: a
 * {@link JdbcSegmentStore} on the table {@code idgen.jdbc.table} of each DataSource
 * named, the table created where {@code idgen.jdbc.initialize-schema} says so (not on a
 * database that does not answer: the others serve, as they do later) and its shape
 * checked, and the stripe layout checked or set up before the first ID.
 */
final class StripedDataSources {

	private static final Logger logger = LoggerFactory.getLogger(StripedDataSources.class);

	private static final String RETIRED = "idgen.jdbc.retired-data-sources";

	private static final String GENERATION = "idgen.jdbc.stripe-generation";

	private static final String INITIALIZE_SCHEMA = "idgen.jdbc.initialize-schema";

	private StripedDataSources() {
	}

	static StripedSegmentStore open(ListableBeanFactory beanFactory, JdbcProperties jdbc, BackgroundThreads threads,
			JdbcConnectionPools pools) {
		String table = JdbcTables.segmentTable(jdbc);
		checkProperties(jdbc);
		List<StripeMember> stores = members(beanFactory, jdbc, pools, StripedDataSourcesCondition.PROPERTY,
				jdbc.getDataSources(), table, true);
		List<StripeMember> retired = members(beanFactory, jdbc, pools, RETIRED, jdbc.getRetiredDataSources(), table,
				false);
		StripedSegmentStore store = new StripedSegmentStore(stores, retired, jdbc.getStripeGeneration(), threads);
		try {
			store.establish();
			return store;
		}
		catch (BackendMisconfiguredException ex) {
			store.close();
			throw new IdGeneratorConfigurationException(StripedDataSourcesCondition.PROPERTY, jdbc.getDataSources(),
					"The stripe layout of " + StripedDataSourcesCondition.PROPERTY + " " + jdbc.getDataSources() + " ("
							+ GENERATION + "=" + jdbc.getStripeGeneration() + ") does not match the layout "
							+ "recorded in the stores: " + ex.getMessage(),
					"Give " + StripedDataSourcesCondition.PROPERTY + ", " + RETIRED + " and " + GENERATION
							+ " the values of the instances that set the layout up; to change the stores, list them "
							+ "in " + StripedDataSourcesCondition.PROPERTY + ", the dropped ones in " + RETIRED
							+ ", and raise " + GENERATION + " by one (see the README's 'Striped stores').",
					ex);
		}
		catch (BackendUnavailableException ex) {
			store.close();
			throw ex;
		}
	}

	private static void checkProperties(JdbcProperties jdbc) {
		if (jdbc.getDataSource() != null) {
			throw new IdGeneratorConfigurationException(StripedDataSourcesCondition.PROPERTY, jdbc.getDataSources(),
					"Both idgen.jdbc.data-source (" + jdbc.getDataSource() + ") and "
							+ StripedDataSourcesCondition.PROPERTY + " " + jdbc.getDataSources()
							+ " are set: the first names the one DataSource of the JDBC backend, the second stripes "
							+ "it over several.",
					"Remove one of them: keep idgen.jdbc.data-source for one database, or "
							+ StripedDataSourcesCondition.PROPERTY + " to serve IDs while at least one answers.");
		}
		if (jdbc.getStripeGeneration() < 1) {
			throw new IdGeneratorConfigurationException(GENERATION, jdbc.getStripeGeneration(),
					GENERATION + " is " + jdbc.getStripeGeneration() + ", but generations start at 1.",
					"Set " + GENERATION + " to 1 for a new layout, or to the generation the stores record.");
		}
		Set<String> seen = new HashSet<>();
		List<String> all = new ArrayList<>(jdbc.getDataSources());
		all.addAll(jdbc.getRetiredDataSources());
		for (String name : all) {
			if (!seen.add(name)) {
				throw new IdGeneratorConfigurationException(StripedDataSourcesCondition.PROPERTY, jdbc.getDataSources(),
						"DataSource '" + name + "' is listed twice among " + StripedDataSourcesCondition.PROPERTY + " "
								+ jdbc.getDataSources() + " and " + RETIRED + " " + jdbc.getRetiredDataSources()
								+ ": each database is one stripe.",
						"List each DataSource once in " + StripedDataSourcesCondition.PROPERTY + " and " + RETIRED
								+ ".");
			}
		}
	}

	private static List<StripeMember> members(ListableBeanFactory beanFactory, JdbcProperties jdbc,
			JdbcConnectionPools pools, String property, List<String> names, String table, boolean active) {
		List<StripeMember> members = new ArrayList<>();
		List<String> withoutTable = new ArrayList<>();
		for (String name : names) {
			DataSource dataSource = dataSource(beanFactory, property, names, name);
			JdbcSegmentSchema schema = new JdbcSegmentSchema(dataSource, table);
			try {
				if (active && JdbcTables.shouldCreateSchema(jdbc.getInitializeSchema(), dataSource)) {
					schema.createIfMissing();
				}
				else if (active && !schema.exists()) {
					withoutTable.add(name);
				}
			}
			catch (BackendUnavailableException ex) {
				// the others serve while it is down; it is checked before its first
				// segment
				logger.warn(
						"DataSource '{}' of {} did not answer, so table '{}' was neither created nor looked for "
								+ "on it; the other stores serve while it is checked again: {}",
						name, property, table, FailureDescriptions.describe(ex));
			}
			JdbcTables.checkSegmentTableShape(dataSource, table);
			members.add(new StripeMember(name, new JdbcSegmentStore(pools.of(dataSource), table)));
		}
		if (!withoutTable.isEmpty()) {
			throw missingTable(jdbc, property, withoutTable, table);
		}
		return members;
	}

	/**
	 * Return the failure of stores that answer but have no table: idgen creates it only
	 * where {@code idgen.jdbc.initialize-schema} says so (with {@code embedded}, the
	 * default, only on embedded databases), and every store without it would fail as if
	 * it did not answer.
	 */
	private static IdGeneratorConfigurationException missingTable(JdbcProperties jdbc, String property,
			List<String> names, String table) {
		String mode = jdbc.getInitializeSchema().name().toLowerCase(Locale.ROOT);
		return new IdGeneratorConfigurationException(INITIALIZE_SCHEMA, mode,
				"The counter table '" + table + "' does not exist (or cannot be queried) in DataSource(s) " + names
						+ " of " + property + ", and " + INITIALIZE_SCHEMA + " is '" + mode
						+ "', so idgen did not create it"
						+ ((jdbc.getInitializeSchema() == SchemaInitialization.EMBEDDED)
								? " (with 'embedded', idgen creates it only on embedded databases such as H2)" : ""),
				"Set " + INITIALIZE_SCHEMA + "=always to have idgen create the table in every store, or create it "
						+ "with idgen's script io/github/idgen/jdbc/schema-<database>.sql (such as in a migration), "
						+ "or set idgen.jdbc.table to the table that holds the counters.");
	}

	private static DataSource dataSource(ListableBeanFactory beanFactory, String property, List<String> names,
			String name) {
		try {
			return beanFactory.getBean(name, DataSource.class);
		}
		catch (NoSuchBeanDefinitionException ex) {
			throw new IdGeneratorConfigurationException(property, names,
					property + " lists '" + name + "', and there is no DataSource bean of that name; the DataSource "
							+ "beans are " + Arrays.toString(beanFactory.getBeanNamesForType(DataSource.class)) + ".",
					"List the bean names of DataSources in " + property + ", or define a DataSource bean named '" + name
							+ "'.");
		}
	}

	/**
	 * Return the failure of an application processed ahead of time whose
	 * {@code idgen.jdbc.data-sources} is set (or unset) now but was not (or was) when it
	 * was built: the choice between one database and striped stores is made then, and
	 * serving one database next to striped instances would hand out IDs of their stripes.
	 * @param jdbc the JDBC properties now
	 * @param builtStriped whether the build chose striped stores
	 * @return the failure to throw
	 */
	static IdGeneratorConfigurationException decidedAheadOfTime(JdbcProperties jdbc, boolean builtStriped) {
		String property = "idgen.jdbc.data-sources";
		return new IdGeneratorConfigurationException(property, jdbc.getDataSources(), property + " is "
				+ (builtStriped ? "not set" : "set to " + jdbc.getDataSources())
				+ ", but the application was processed ahead of time (spring.aot.enabled) with "
				+ (builtStriped ? "it set, so its JDBC backend stripes IDs over several databases"
						: "it unset, so its JDBC backend serves one database, whose IDs would overlap the stripes"),
				"Process the application ahead of time again with the " + property
						+ " it runs with, or run it with the one it was built with.");
	}

	/**
	 * Reject a sequence with a max-value or cycling: each store would count up to the
	 * max-value in its own stripe.
	 */
	static void checkUnbounded(String name, SequenceProperties sequence) {
		if (sequence.getMaxValue() != null || sequence.isCycle()) {
			String prefix = "idgen.sequences." + name + ".";
			String property = prefix + ((sequence.getMaxValue() != null) ? "max-value" : "cycle");
			throw new IdGeneratorConfigurationException(property,
					(sequence.getMaxValue() != null) ? sequence.getMaxValue() : Boolean.TRUE,
					property + " is set, but the JDBC backend is striped over " + StripedDataSourcesCondition.PROPERTY
							+ ", which cannot bound a sequence: each store would count up to the max-value in its "
							+ "own stripe.",
					"Remove " + prefix + "max-value and " + prefix + "cycle, or serve the sequence from another "
							+ "backend with " + prefix + "backend.");
		}
	}

}
