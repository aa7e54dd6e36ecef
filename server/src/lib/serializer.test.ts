import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionStateSchema, userSchema } from '@common/schemas/auth';
import { apiErrorSchema } from '@common/schemas/errors';
import { leaderboardMeSchema, leaderboardSchema } from '@common/schemas/leaderboard';
import { createdWorkoutSchema, workoutListSchema } from '@common/schemas/workouts';
import { compiledSerializerCompiler, wireJsonSchema } from './serializer';

const input = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });
/**
 * The serializer as a route uses it from its second answer on: the first goes through zod while
 * the compiled one is built just after (a turn of the event loop later). Both answers are given.
 */
async function bothAnswers(schema: z.ZodType, data: unknown) {
  const serialize = compiledSerializerCompiler(input(schema));
  const first = serialize(data);
  await new Promise((resolve) => setImmediate(resolve));
  return { first, later: serialize(data) };
}
const compiledOnes = async (schema: z.ZodType, data: unknown) =>
  (await bothAnswers(schema, data)).later;
const zodOnes = (schema: z.ZodType) => zodSerializerCompiler(input(schema));

// The compiled serializer must send what the zod one sent: same keys, same values.
const cases: [string, z.ZodType, unknown][] = [
  [
    'a workout with a note and one without (optional key absent), extra columns dropped',
    createdWorkoutSchema,
    {
      id: 1,
      userId: 2,
      challenge: 'pushup-90',
      score: 30,
      pushups: 30,
      notes: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      verified: false,
      tier: 'entered',
      hidden: null,
      requestHash: 'internal',
      idempotencyKey: 'internal',
    },
  ],
  [
    'the optional verification note present',
    createdWorkoutSchema,
    {
      id: 1,
      userId: 2,
      challenge: 'plank-drop',
      score: 30,
      notes: 'a "quoted" note\nwith a newline and é',
      createdAt: '2026-11-21T10:00:00.000Z',
      verified: false,
      tier: 'camera-counted',
      hidden: { reason: 'Not a real count', at: '2026-11-21T11:00:00.000Z' },
      verificationNote: 'The trace counts 12.',
    },
  ],
  ['an empty list', workoutListSchema, []],
  [
    'board rows with nulls',
    leaderboardSchema,
    [
      {
        id: 3,
        username: 'ann',
        rank: 1,
        score: 50,
        pushups: 50,
        createdAt: '2026-11-21T10:00:00.000Z',
        age: null,
        gender: null,
        profilePicture: null,
        verified: true,
        tier: 'recounted',
        userId: 9,
      },
    ],
  ],
  ['no standing (null)', leaderboardMeSchema, null],
  ['a visitor', sessionStateSchema, { user: null }],
  [
    'an error with field errors',
    apiErrorSchema,
    { message: 'Invalid', errors: { pushups: ['Too many', 'x'] } },
  ],
  ['an error without', apiErrorSchema, { message: 'Not found.' }],
  ['a literal', z.object({ status: z.literal('ok') }), { status: 'ok' }],
];

describe('compiled response serializer', () => {
  it.each(cases)(
    '%s: same JSON as zod, on the first answer and once compiled',
    async (_name, schema, data) => {
      const { first, later } = await bothAnswers(schema, data);
      expect(first).toBe(zodOnes(schema)(data));
      expect(later).toBe(first);
      expect(JSON.parse(later)).toEqual(schema.parse(data));
    },
  );

  it('compiles after the first answer, not on its path', async () => {
    const schema = z.object({ a: z.number() });
    const serialize = compiledSerializerCompiler(input(schema));
    // A number given as text tells the two apart: zod refuses it, fast-json-stringify coerces it.
    expect(() => zodOnes(schema)({ a: '7' })).toThrow();
    expect(serialize({ a: 1 })).toBe('{"a":1}');
    expect(() => serialize({ a: '7' })).toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(serialize({ a: '7' })).toBe('{"a":7}');
  });

  it('drops every key a user schema does not list (a password hash never leaves)', async () => {
    const shape = Object.fromEntries(Object.keys(userSchema.shape).map((k) => [k, undefined]));
    const sample = userSchema.parse({
      ...shape,
      id: 1,
      username: 'ann',
      email: 'ann@example.com',
      createdAt: '2026-11-21T10:00:00.000Z',
      ...Object.fromEntries(
        Object.entries(userSchema.shape)
          .filter(([k]) => !['id', 'username', 'email', 'createdAt'].includes(k))
          .map(([k, s]) => [
            k,
            (s as z.ZodType).safeParse(null).success
              ? null
              : (s as z.ZodType).safeParse(false).success
                ? false
                : 0,
          ]),
      ),
    });
    const out = JSON.parse(
      await compiledOnes(userSchema, { ...sample, passwordHash: 'secret' }),
    ) as Record<string, unknown>;
    expect(out).not.toHaveProperty('passwordHash');
    expect(out).toEqual(sample);
  });

  it('keeps zod for a schema JSON Schema cannot describe', async () => {
    const custom = z.custom<string>((v) => typeof v === 'string');
    expect(wireJsonSchema(custom)).toBeNull();
    expect(await compiledOnes(custom, 'x')).toBe('"x"');
  });
});
