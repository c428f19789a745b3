import { processSuite } from '../support/process-suite';

/**
 * Scale-out: three server processes behind HAProxy on one PostgreSQL database and one Redis,
 * on loopback. Needs haproxy, redis-server, Chromium and the built PWA (`npm run build`).
 */
export default processSuite('scale-out', { testTimeout: 240_000, hookTimeout: 1_500_000 });
