// Every feature's de messages but the catalogue screen's (./de.ts has those), found by the
// glob, so converting a feature edits no file here: loaded beside the code of the first screen
// that is not `/` (../load-catalogue.ts).
import type { Messages } from '@lingui/core';

const features = import.meta.glob<{ messages: Messages }>(
  ['../../../features/*/locales/de.po', '!../../../features/challenges/locales/de.po'],
  { eager: true },
);

export const messages: Messages = Object.assign(
  {},
  ...Object.values(features).map((m) => m.messages),
);
