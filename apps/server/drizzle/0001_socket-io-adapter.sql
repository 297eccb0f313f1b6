-- Table of @socket.io/postgres-adapter: large broadcast payloads pass through it between instances.
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
  "id" bigserial UNIQUE,
  "created_at" timestamptz DEFAULT now(),
  "payload" bytea
);
