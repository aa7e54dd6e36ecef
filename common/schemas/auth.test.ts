import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('shared auth schemas', () => {
  it('login needs username and password, with the spec messages', () => {
    expect(messages(loginSchema.safeParse({ username: '', password: '' }))).toEqual([
      'Username is required',
      'Password is required',
    ]);
    expect(loginSchema.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
  });

  it('register: email, password length and username rule', () => {
    expect(
      messages(registerSchema.safeParse({ username: 'abc', email: 'x', password: '12345' })),
    ).toEqual(['Invalid email address', 'Password must be at least 6 characters']);
    expect(
      registerSchema.safeParse({ username: 'a.b_c-1', email: 'A@B.io', password: '123456' })
        .success,
    ).toBe(true);
    expect(
      registerSchema.safeParse({ username: 'has space', email: 'a@b.io', password: '123456' })
        .success,
    ).toBe(false);
  });

  it('trims the username', () => {
    const r = registerSchema.parse({
      username: '  bob  ',
      email: ' bob@x.io ',
      password: '123456',
    });
    expect(r.username).toBe('bob');
    expect(r.email).toBe('bob@x.io');
  });
});
