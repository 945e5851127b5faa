-- Spring Data JDBC quotes the names: the table as @Table writes it, the columns in upper case on H2.
CREATE TABLE "orders" (ID BIGINT PRIMARY KEY, CUSTOMER VARCHAR(100) NOT NULL);
