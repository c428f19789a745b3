-- Control plane: tenants, their users, one-time codes and contact-sales messages.
CREATE TABLE app.tenants (
  id uuid PRIMARY KEY,
  natural_name text NOT NULL,
  schema_name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app.users (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES app.tenants (id) ON DELETE CASCADE,
  email text NOT NULL,
  password_hash text,
  is_verified boolean NOT NULL DEFAULT false,
  is_tenant_admin boolean NOT NULL DEFAULT false,
  is_pending_approval boolean NOT NULL DEFAULT false,
  -- Bumped on password reset: tokens carry it, so older tokens stop working.
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON app.users (lower(email));
CREATE INDEX users_tenant_idx ON app.users (tenant_id);

CREATE TABLE app.one_time_codes (
  user_id uuid NOT NULL REFERENCES app.users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset', 'invite')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, purpose)
);

CREATE TABLE app.contact_messages (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  company text,
  created_at timestamptz NOT NULL DEFAULT now()
);
