// Types of scripts/eslint-catalogue-fence.mjs for the test that keeps it in step with the catalogue.
export const CATALOGUE_ID_PATTERN: RegExp;
export const catalogueFence: { files: string[]; ignores: string[]; rules: Record<string, unknown> };
