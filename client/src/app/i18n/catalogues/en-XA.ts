// Every catalogue in en-XA, joined into this language's one chunk: the shell's, each feature's
// (found by the glob, so converting a feature edits no file here) and those shared with the server;
// then each message a third longer (../pseudo-length.ts).
import type { Messages } from '@lingui/core';
import { messages as shared } from '@common/locales/en.po?shared';
import { messages as app } from '../../locales/en-XA.po';
import { lengthenAll } from '../pseudo-length';

const features = import.meta.glob<{ messages: Messages }>('../../../features/*/locales/en-XA.po', {
  eager: true,
});

export const messages: Messages = lengthenAll(
  Object.assign({ ...shared, ...app }, ...Object.values(features).map((m) => m.messages)),
);
