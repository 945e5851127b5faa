package io.github.idgen.autoconfigure.jdbc;

import java.util.Arrays;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;

import io.github.idgen.autoconfigure.diagnostics.IdGeneratorConfigurationException;

/**
 * Picks the DataSource idgen uses: the one {@code idgen.jdbc.data-source} names, else the
 * only or primary one.
 */
final class DataSourceSelector {

	private DataSourceSelector() {
	}

	static DataSource select(ListableBeanFactory beanFactory, String name) {
		String[] names = beanFactory.getBeanNamesForType(DataSource.class);
		if (name != null) {
			try {
				return beanFactory.getBean(name, DataSource.class);
			}
			catch (NoSuchBeanDefinitionException ex) {
				throw new IdGeneratorConfigurationException("idgen.jdbc.data-source", name,
						"idgen.jdbc.data-source is '" + name + "', and there is no DataSource bean of that name; the "
								+ "DataSource beans are " + Arrays.toString(names) + ".",
						"Set idgen.jdbc.data-source to the bean name of one of them, or define a DataSource bean named '"
								+ name + "'.");
			}
		}
		DataSource dataSource = beanFactory.getBeanProvider(DataSource.class).getIfUnique();
		if (dataSource == null) {
			if (names.length == 0) {
				throw new IdGeneratorConfigurationException("idgen.jdbc.data-source", null,
						"idgen needs a DataSource (idgen.jdbc.data-source is not set) and the application context "
								+ "has no DataSource bean.",
						"Define a DataSource (spring.datasource.url) and, if there are several, name idgen's in "
								+ "idgen.jdbc.data-source, or choose another store with idgen.backend.");
			}
			throw new IdGeneratorConfigurationException("idgen.jdbc.data-source", null,
					"idgen.jdbc.data-source is not set and the application context has several DataSource beans "
							+ Arrays.toString(names) + " and none is primary.",
					"Set idgen.jdbc.data-source to the bean name of the one idgen should use, for example "
							+ "idgen.jdbc.data-source=" + names[0] + ".");
		}
		return dataSource;
	}

}
