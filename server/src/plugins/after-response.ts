import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type Task = () => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Runs `task` once the answer has been sent: work whose duration must not show in the
     * answer's timing (docs/decisions/0206-email-change-limits-and-unproven-addresses.md). A
     * failure is logged; nobody is waiting for it.
     */
    afterResponse(task: Task): void;
  }
  interface FastifyInstance {
    /** The work begun after answers: `idle()` waits until none is running (tests, shutdown). */
    deferred: { idle(): Promise<void> };
  }
}

/** Work that runs after a request's answer is sent, in this process; the app's close waits for it. */
export const afterResponse = fp(
  async (app) => {
    const tasks = new WeakMap<FastifyRequest, Task[]>();
    const running = new Set<Promise<void>>();
    app.decorateRequest('afterResponse', function (this: FastifyRequest, task: Task) {
      const list = tasks.get(this);
      if (list) list.push(task);
      else tasks.set(this, [task]);
    });
    // onResponse runs once the answer is handed to the connection.
    app.addHook('onResponse', async (request) => {
      const list = tasks.get(request);
      if (!list) return;
      tasks.delete(request);
      for (const task of list) {
        const run: Promise<void> = task()
          .catch((err: unknown) =>
            request.log.error({ err, reqId: request.id }, 'work after the answer failed'),
          )
          .finally(() => running.delete(run));
        running.add(run);
      }
    });
    app.decorate('deferred', {
      async idle() {
        while (running.size > 0) await Promise.all([...running]);
      },
    });
    app.addHook('onClose', async () => app.deferred.idle());
  },
  { name: 'after-response' },
);
