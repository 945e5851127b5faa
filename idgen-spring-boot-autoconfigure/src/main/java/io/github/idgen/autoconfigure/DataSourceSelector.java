package io.github.idgen.autoconfigure;

import java.util.Arrays;

import javax.sql.DataSource;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

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
				throw new InvalidConfigurationPropertyValueException("idgen.jdbc.data-source", name,
						"There is no DataSource bean of that name; the DataSource beans are " + Arrays.toString(names));
			}
		}
		DataSource dataSource = beanFactory.getBeanProvider(DataSource.class).getIfUnique();
		if (dataSource == null) {
			String reason = (names.length == 0) ? "The application context has no DataSource bean."
					: "The application context has several DataSource beans " + Arrays.toString(names)
							+ " and none is primary. Set idgen.jdbc.data-source to the bean name of the one "
							+ "idgen should use.";
			throw new InvalidConfigurationPropertyValueException("idgen.jdbc.data-source", null, reason);
		}
		return dataSource;
	}

}
