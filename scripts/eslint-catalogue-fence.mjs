// The ESLint half of the catalogue fence (docs/decisions/0212-a-challenge-is-one-entry.md): outside
// common/challenge*.ts no code compares a challenge's id, with the default challenge or with an id
// written out; it asks the entry what it declares. scripts/catalogue-fence.test.ts keeps the list of
// ids in step with the catalogue and greps what a syntax rule cannot see (SQL, the legacy field).

/** Every catalogue id (common/challenge-entries.ts). */
export const CATALOGUE_ID_PATTERN =
  /^(pushup-90|nickels-dimes|burpees-or-bust|mfm-challenge|plank-drop)$/;

const message =
  'Ask the catalogue entry what it declares (common/challenges.ts: countsByCamera, hasVerifiedBoard, legacy, words, scoring, timer) instead of comparing challenge ids.';
const ids = CATALOGUE_ID_PATTERN.source;

export const catalogueFence = {
  files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'common/**/*.ts'],
  ignores: [
    'common/challenge*.ts',
    '**/*.test.ts',
    '**/*.test.tsx',
    'server/src/test/**',
    'client/src/test/**',
    'common/testing/**',
  ],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "BinaryExpression[operator=/^[!=]==?$/] > Identifier[name='DEFAULT_CHALLENGE']",
        message,
      },
      { selector: `BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/${ids}/]`, message },
      { selector: `SwitchCase > Literal[value=/${ids}/]`, message },
      {
        selector: `CallExpression[callee.property.name='includes'] > Literal[value=/${ids}/]`,
        message,
      },
      { selector: 'Identifier[name=/^isPushups?$/]', message },
    ],
  },
};
