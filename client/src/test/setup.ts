// Every component test's page is at the API's origin (server/src/test/global-setup-components.ts), so relative API paths and
// the session cookie work as they do in the browser.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject } from 'vitest';

const happy = (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
happy.setURL(`${inject('apiOrigin')}/`);

// Waits end when the screen shows what is awaited; the bound only stops a test that never will
// (the machine may be busy: answers from the real server can take seconds).
configure({ asyncUtilTimeout: 15_000 });

// Screens speak English, from the compiled catalogue as in the build (docs/i18n.md).
import './i18n-setup';

afterEach(() => cleanup());
