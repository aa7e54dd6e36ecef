// The en-XA messages `/` needs, in this language's first chunk: the shell's, the catalogue
// screen's (features/challenges) and those shared with the server (challenge words, validation).
// Every other feature's are in ./en-XA-rest.ts, loaded with the first screen that uses them
// (../load-catalogue.ts, docs/decisions/0300-the-catalogue-in-two-chunks.md). Each message a third longer (../pseudo-length.ts).
import type { Messages } from '@lingui/core';
import { messages as shared } from '@common/locales/en.po?shared';
import { messages as app } from '../../locales/en-XA.po';
import { messages as challenges } from '../../../features/challenges/locales/en-XA.po';
import { lengthenAll } from '../pseudo-length';

export const messages: Messages = lengthenAll({ ...shared, ...app, ...challenges });
