import { processSuite } from '../support/process-suite';

/**
 * Long-lived: real server processes kept through idle pauses longer than their timeouts, on the
 * embedded database and on the local PostgreSQL.
 */
export default processSuite('long-lived', { testTimeout: 240_000, hookTimeout: 120_000 });
