import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'server/src/db/migrations', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features do not import each other; app/ composes them (bulletproof-react).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['server/*', '**/server/**'], message: 'The client never imports server code.' }] },
      ],
    },
  },
  ...['auth', 'challenges', 'timer', 'workouts', 'leaderboard', 'profile', 'users', 'share', 'layout'].map(
    (feature) => ({
      files: [`client/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
                message: 'Features do not import each other; compose them in client/src/app/.',
              },
              { group: ['@/app/*'], message: 'Features do not import from app/.' },
            ],
          },
        ],
      },
    }),
  ),
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-*', 'drizzle-orm', 'drizzle-orm/*', '@/*'], message: 'common/ holds no React or Drizzle.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts', 'reliability/**/*.ts', 'scripts/**/*.{ts,mjs}', 'e2e/**/*.ts', '*.config.ts', '.ci/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
);
