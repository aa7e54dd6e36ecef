// Preloaded (node --import) into a server that a spec starts itself (e2e/support/own-server.ts):
// the process's clock reads E2E_FAKE_NOW (an ISO time) at start and runs on from there, so a spec
// can put the server on either side of a date boundary. Test code only; the server knows nothing
// of it.
import process from 'node:process';

const fake = process.env.E2E_FAKE_NOW ? Date.parse(process.env.E2E_FAKE_NOW) : NaN;
if (!Number.isNaN(fake)) {
  const RealDate = Date;
  const offset = fake - RealDate.now();
  class FakeDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = FakeDate;
}
