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

/**
 * The one check that a route is for signed-in members: `app.addHook('onRequest', signedIn)` for a
 * plugin whose every route is the member's own, `onRequest: signedIn` on one route of a mixed
 * plugin. It runs before the body is read or validated, so a visitor gets 401 without a large
 * upload being taken, and every answer is `Cache-Control: private, no-store`. Handlers then read
 * the member with requireUser(request).
 */
export const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', PRIVATE_NO_STORE);
  requireUser(request);
};

export const PRIVATE_NO_STORE = 'private, no-store';

/** The signed-in user's own view (docs/product.md#what-responses-contain): email, never the hash. */
export function toUserDto(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    emailConfirmed: u.emailConfirmedAt !== null,
    fullName: u.fullName,
    age: u.age,
    gender: u.gender,
    profilePicture: u.profilePicture,
    isPrivate: u.isPrivate,
    showAgeGender: u.showAgeGender,
    newDeviceNotices: u.newDeviceNotices,
    clipsPublic: u.clipsPublic,
    createdAt: u.createdAt.toISOString(),
    timeZone: u.timeZone,
    language: u.language,
    isModerator: u.role === 'moderator',
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

/**
 * The session cookie's name: with the `__Host-` prefix when it is Secure, so the browser only
 * accepts it from this exact host, over HTTPS, for path / (no sibling subdomain can plant one).
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(sessionCookieName(secure), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_MAX_AGE_S,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookieName(secure), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
}
