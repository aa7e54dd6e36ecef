// Every feature's en-XA messages but the catalogue screen's (./en-XA.ts has those), found by the
// glob, so converting a feature edits no file here: loaded beside the code of the first screen
// that is not `/` (../load-catalogue.ts). Each message a third longer (../pseudo-length.ts).
import type { Messages } from '@lingui/core';
import { lengthenAll } from '../pseudo-length';

const features = import.meta.glob<{ messages: Messages }>(
  ['../../../features/*/locales/en-XA.po', '!../../../features/challenges/locales/en-XA.po'],
  { eager: true },
);

export const messages: Messages = lengthenAll(
  Object.assign({}, ...Object.values(features).map((m) => m.messages)),
);
