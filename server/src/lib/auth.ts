import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@common/constants';
import type { PublicUser, User } from '@common/schemas/auth';
import type { users } from '../db/schema';
import { unauthorized } from './errors';
import { SESSION_MAX_AGE_S } from './session';

type UserRow = typeof users.$inferSelect;

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in user's own view (docs/product.md#what-responses-contain): email, never the hash. */
export function toUserDto(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    fullName: u.fullName,
    age: u.age,
    gender: u.gender,
    profilePicture: u.profilePicture,
    createdAt: u.createdAt.toISOString(),
  };
}

/** What anyone may see of a user: no email, no hash. */
export function toPublicUserDto(u: UserRow): PublicUser {
  const { email: _email, ...rest } = toUserDto(u);
  return rest;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_MAX_AGE_S,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
