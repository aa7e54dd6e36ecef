import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * For a plugin whose every route is the signed-in user's own: a visitor gets 401 before the body
 * is read or validated, and every answer is `Cache-Control: private, no-store`.
 */
export function signedInOnly(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    requireUser(request);
  });
}

export const PRIVATE_NO_STORE = 'private, no-store';

/** The signed-in user's own view (decision 13): email, never the hash. */
export function toUserDto(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    fullName: u.fullName,
    age: u.age,
    gender: u.gender,
    profilePicture: u.profilePicture,
    isPrivate: u.isPrivate,
    showAgeGender: u.showAgeGender,
    createdAt: u.createdAt.toISOString(),
  };
}

/** What anyone may see of a user: no email, no hash, no settings; age and gender only if shown. */
export function toPublicUserDto(u: UserRow): PublicUser {
  return {
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    age: u.showAgeGender ? u.age : null,
    gender: u.showAgeGender ? u.gender : null,
    profilePicture: u.profilePicture,
    createdAt: u.createdAt.toISOString(),
  };
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
