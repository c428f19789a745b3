-- Scheduled jobs run once per period across every server: the run that holds the job's advisory
-- lock and finds its last run older than the period does the work and records it here.
CREATE TABLE app.job_runs (
  name text PRIMARY KEY,
  last_run_at timestamptz NOT NULL
);
