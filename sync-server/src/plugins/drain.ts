import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the server is on its way out: still answering, but asking to be taken out. */
    readonly draining: boolean;
    /**
     * Starts a graceful shutdown's first step: the health check (`GET /api/auth/ping`) answers
     * 503 so that a load balancer stops sending requests here, and every answer closes its
     * connection (`Connection: close`) so that clients holding one open reconnect — through the
     * balancer, to another server. Requests are served as before meanwhile.
     */
    startDraining(): void;
  }
}

export default fp(async function drain(app: FastifyInstance) {
  let draining = false;
  app.decorate('draining', {
    getter: () => draining,
  });
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });
});
