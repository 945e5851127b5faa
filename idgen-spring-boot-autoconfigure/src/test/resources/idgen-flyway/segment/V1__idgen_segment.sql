CREATE TABLE migrated_segment (
	sequence_name VARCHAR(256) NOT NULL PRIMARY KEY,
	max_id BIGINT NOT NULL,
	step BIGINT NOT NULL,
	updated_at TIMESTAMP NOT NULL
);
INSERT INTO migrated_segment (sequence_name, max_id, step, updated_at) VALUES ('order', 1000, 100, CURRENT_TIMESTAMP);
