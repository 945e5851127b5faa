-- Spring Data R2DBC quotes the names, as Spring Data JDBC does: the table as @Table writes it, the columns in upper
-- case on H2. Both of Spring Boot's initializers, JDBC's and R2DBC's, may run this script on the one database.
CREATE TABLE IF NOT EXISTS "orders" (ID BIGINT PRIMARY KEY, CUSTOMER VARCHAR(100) NOT NULL);
