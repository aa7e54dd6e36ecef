import { z } from 'zod';
import { LANGUAGES, PSEUDO_LANGUAGE } from '../languages';

/** A member's chosen language; null: follow the browser (Accept-Language). */
export const languageSettingSchema = z
  .enum([...LANGUAGES, PSEUDO_LANGUAGE], {
    error: `The language must be one of ${LANGUAGES.join(', ')}`,
  })
  .nullable();
