import { processSuite } from '../support/process-suite';

/**
 * Reliability: faults (database connections killed, PostgreSQL stopped, kill -9, SIGTERM under
 * load) and backup/restore, against real server processes.
 */
export default processSuite('reliability', { testTimeout: 180_000, hookTimeout: 120_000 });
