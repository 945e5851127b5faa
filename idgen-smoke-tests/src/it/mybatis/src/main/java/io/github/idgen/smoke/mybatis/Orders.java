package io.github.idgen.smoke.mybatis;

import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;

/**
 * The statements of orders, whose table is the MyBatis configuration variable
 * {@code orders}.
 */
@Mapper
interface Orders {

	@Insert("insert into ${orders} (id, customer) values (#{id}, #{customer})")
	int insert(PlacedOrder order);

	@Select("select count(*) from ${orders}")
	long count();

}
