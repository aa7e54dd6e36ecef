import { startTestSmtp, type TestSmtp } from '../../server/src/test/smtp';
import { test } from '../fixtures';
import { freePort, startOwnServer, type OwnServer } from './own-server';

export interface MailServer {
  smtp: TestSmtp;
  server: OwnServer;
}

/**
 * A server of the spec's own that sends its mail to a real SMTP server the spec starts (the
 * shared e2e server sends none). Both start before the spec's tests and stop after them; the
 * port is chosen first so PUBLIC_URL (the links' origin) can name it.
 */
export function withMailServer(): MailServer {
  const own = {} as MailServer;
  test.beforeAll(async () => {
    own.smtp = await startTestSmtp();
    const port = await freePort();
    own.server = await startOwnServer({
      port,
      env: {
        SMTP_URL: own.smtp.url,
        PUBLIC_URL: `http://localhost:${port}`,
        MAIL_FROM: 'FitBench <fitbench@test.example>',
      },
    });
  });
  test.afterAll(async () => {
    await own.server?.stop();
    await own.smtp?.close();
  });
  return own;
}
