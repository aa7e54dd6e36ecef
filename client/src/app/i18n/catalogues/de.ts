// The de messages `/` needs, in this language's first chunk: the shell's, the catalogue
// screen's (features/challenges) and those shared with the server (challenge words, validation).
// Every other feature's are in ./de-rest.ts, loaded with the first screen that uses them
// (../load-catalogue.ts, docs/decisions/0300-the-catalogue-in-two-chunks.md).
import type { Messages } from '@lingui/core';
import { messages as shared } from '@common/locales/de.po?shared';
import { messages as app } from '../../locales/de.po';
import { messages as challenges } from '../../../features/challenges/locales/de.po';

export const messages: Messages = { ...shared, ...app, ...challenges };
