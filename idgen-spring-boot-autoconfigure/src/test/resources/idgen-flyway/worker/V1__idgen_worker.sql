CREATE TABLE idgen_worker (
	worker_id INT NOT NULL PRIMARY KEY,
	owner VARCHAR(128) NOT NULL,
	expires_at TIMESTAMP WITH TIME ZONE NOT NULL,
	last_timestamp BIGINT NOT NULL
);
INSERT INTO idgen_worker (worker_id, owner, expires_at, last_timestamp) VALUES (0, 'another-instance', TIMESTAMP WITH TIME ZONE '2999-01-01 00:00:00+00', 0);
