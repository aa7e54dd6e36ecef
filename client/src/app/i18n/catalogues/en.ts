// Every catalogue in en, joined into this language's one chunk: the shell's, each feature's
// (found by the glob, so converting a feature edits no file here) and those shared with the server.
import type { Messages } from '@lingui/core';
import { messages as shared } from '@common/locales/en.po?shared';
import { messages as app } from '../../locales/en.po';

const features = import.meta.glob<{ messages: Messages }>('../../../features/*/locales/en.po', {
  eager: true,
});

export const messages: Messages = Object.assign(
  { ...shared, ...app },
  ...Object.values(features).map((m) => m.messages),
);
