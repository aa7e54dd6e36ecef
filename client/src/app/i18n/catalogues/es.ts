// The es messages `/` needs, in this language's first chunk: the shell's, the catalogue
// screen's (features/challenges) and those shared with the server (challenge words, validation).
// Every other feature's are in ./es-rest.ts, loaded with the first screen that uses them
// (../load-catalogue.ts, docs/decisions/0300-the-catalogue-in-two-chunks.md).
import type { Messages } from '@lingui/core';
import { messages as shared } from '@common/locales/es.po?shared';
import { messages as app } from '../../locales/es.po';
import { messages as challenges } from '../../../features/challenges/locales/es.po';

export const messages: Messages = { ...shared, ...app, ...challenges };
