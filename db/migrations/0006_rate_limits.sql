-- Generated, then edited by hand: IF NOT EXISTS, because until now the rate limiter created this
-- table itself on PostgreSQL (with these same columns), so existing databases already have it.
CREATE TABLE IF NOT EXISTS "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
