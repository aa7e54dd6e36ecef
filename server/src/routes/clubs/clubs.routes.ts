import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clubDetailSchema,
  clubInviteSchema,
  clubListQuerySchema,
  clubListSchema,
  clubParamsSchema,
  clubSlugParamSchema,
  clubViewQuerySchema,
  createClubSchema,
  createdClubSchema,
  joinClubSchema,
} from '@common/schemas/clubs';
import { apiErrorSchema } from '@common/schemas/errors';
import {
  leaderboardMeQuerySchema,
  leaderboardMeSchema,
  leaderboardPeriodSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  type LeaderboardEntry,
} from '@common/schemas/leaderboard';
import { usernameParamSchema } from '@common/schemas/profile';
import { PRIVATE_NO_STORE, requireUser } from '../../lib/auth';
import { optionalSession } from '../../plugins/openapi';
import { openChallenge } from '../challenges';
import { clubBoardJson, clubMembers } from './club-board';
import { clubChallengesRoutes } from './club-challenges.routes';
import * as admin from './clubs-admin';
import * as service from './clubs.service';

const err = apiErrorSchema;
// Every answer depends on who asks (their role, the private members they may see): never shared.
const privateAnswer = { 'cache-control': PRIVATE_NO_STORE };

export const clubsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = () => app.config;
  await app.register(clubChallengesRoutes);

  app.get(
    '/clubs',
    {
      schema: {
        summary: 'My clubs, and public clubs to join (search by name)',
        operationId: 'listClubs',
        security: optionalSession,
        querystring: clubListQuerySchema,
        response: { 200: clubListSchema, 400: err },
      },
    },
    async (request, reply) => {
      reply.headers(privateAnswer);
      return service.listClubs(app.db, request.user?.id ?? null, request.query);
    },
  );

  app.post(
    '/clubs',
    {
      schema: {
        summary: 'Create a club (I am its admin)',
        operationId: 'createClub',
        body: createClubSchema,
        response: { 201: createdClubSchema, 400: err, 401: err, 409: err },
      },
      // The creator's public profile lists their public clubs, and is cached with the boards.
      config: { changesBoards: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const club = await service.createClub(app.db, user.id, request.body, limits());
      return reply.code(201).headers(privateAnswer).send(club);
    },
  );

  app.get(
    '/clubs/:slug',
    {
      schema: {
        summary: 'A club: its members and public information',
        description:
          'An invite-only club is found by its members, and by whoever passes its current invite code (`code`); to anyone else it is 404.',
        operationId: 'getClub',
        security: optionalSession,
        params: clubParamsSchema,
        querystring: clubViewQuerySchema,
        response: { 200: clubDetailSchema, 400: err, 404: err },
      },
    },
    async (request, reply) => {
      reply.headers(privateAnswer);
      return service.getClub(
        app.db,
        request.params.slug,
        request.user?.id ?? null,
        request.query.code,
      );
    },
  );

  app.post(
    '/clubs/:slug/join',
    {
      schema: {
        summary: 'Join a club (an invite-only club with its invite code)',
        operationId: 'joinClub',
        params: clubParamsSchema,
        body: joinClubSchema,
        response: { 200: clubDetailSchema, 400: err, 401: err, 403: err, 404: err, 409: err },
      },
      config: { changesBoards: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(privateAnswer);
      return service.joinClub(app.db, request.params.slug, user.id, request.body.code, limits());
    },
  );

  app.post(
    '/clubs/:slug/leave',
    {
      schema: {
        summary: 'Leave a club',
        operationId: 'leaveClub',
        params: clubParamsSchema,
        response: { 204: z.null(), 401: err, 404: err },
      },
      config: { changesBoards: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await service.leaveClub(app.db, request.params.slug, user.id);
      return reply.code(204).headers(privateAnswer).send(null);
    },
  );

  app.post(
    '/clubs/:slug/invite',
    {
      schema: {
        summary: 'Make a new invite code (admins; the old one stops working)',
        operationId: 'regenerateClubInvite',
        params: clubParamsSchema,
        response: { 200: clubInviteSchema, 401: err, 403: err, 404: err },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(privateAnswer);
      return admin.regenerateInvite(app.db, request.params.slug, user.id);
    },
  );

  app.delete(
    '/clubs/:slug/members/:username',
    {
      schema: {
        summary: 'Remove a member from a club (admins)',
        operationId: 'removeClubMember',
        params: z.object({ slug: clubSlugParamSchema, username: usernameParamSchema }),
        response: { 204: z.null(), 400: err, 401: err, 403: err, 404: err },
      },
      config: { changesBoards: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await admin.removeMember(
        app.db,
        request.params.slug,
        user.id,
        request.params.username,
        app.now(),
      );
      return reply.code(204).headers(privateAnswer).send(null);
    },
  );

  app.delete(
    '/clubs/:slug/removals/:username',
    {
      schema: {
        summary: 'Let a removed member back in (admins)',
        description:
          'A member an admin removed cannot join the club again, even with its invite code, until an admin lets them back in here.',
        operationId: 'letClubMemberBackIn',
        params: z.object({ slug: clubSlugParamSchema, username: usernameParamSchema }),
        response: { 204: z.null(), 401: err, 403: err, 404: err },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await admin.letBackIn(app.db, request.params.slug, user.id, request.params.username);
      return reply.code(204).headers(privateAnswer).send(null);
    },
  );

  app.get(
    '/clubs/:slug/leaderboard/:period',
    {
      schema: {
        summary: "A club's board: its members only",
        description:
          "The same periods, challenges and filters as GET /api/leaderboard/{period}; ranks are among the club's members. " +
          "Private members are on it for the club's members only.",
        operationId: 'getClubLeaderboard',
        security: optionalSession,
        params: z.object({ slug: clubSlugParamSchema, period: leaderboardPeriodSchema }),
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, 400: err, 404: err },
      },
    },
    async (request, reply) => {
      const club = await service.visibleClubForBoard(
        app.db,
        app.boardCache,
        request.params.slug,
        request.user?.id ?? null,
      );
      openChallenge(app.config.challenges, request.query.challenge);
      const { body, encoding } = await clubBoardJson(
        app.db,
        app.boardCache,
        () => app.periodFill.kick(),
        club.id,
        club.my_role !== null,
        request.params.period,
        request.query,
        app.now(),
        request.headers['accept-encoding'],
      );
      reply.headers(privateAnswer).type('application/json; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
      // Written by the database in the board's exact shape (lb_entry_json), as the global board is.
      return reply.send(body as unknown as LeaderboardEntry[]);
    },
  );

  app.get(
    '/clubs/:slug/leaderboard/:period/me',
    {
      schema: {
        summary: "My place on a club's board",
        description:
          "Where I stand among the club's members (null when I have no set in the period), whether I am in it or not.",
        operationId: 'getMyClubStanding',
        params: z.object({ slug: clubSlugParamSchema, period: leaderboardPeriodSchema }),
        querystring: leaderboardMeQuerySchema,
        response: { 200: leaderboardMeSchema, 400: err, 401: err, 404: err },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const club = await service.visibleClub(app.db, request.params.slug, user.id);
      openChallenge(app.config.challenges, request.query.challenge);
      reply.headers(privateAnswer);
      return app.boardReads.meInMembers(
        clubMembers(club.id, club.my_role !== null),
        user.id,
        request.params.period,
        request.query,
        app.now(),
      );
    },
  );
};
