import {
  notificationsPatchBodySchema,
  notificationsResponseSchema,
} from '@sherehe/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { changeNotificationSettings, getNotificationSettings } from './notification-settings.service';

const tags = ['users'];

/** The signed-in person's notification switches (docs/notifications.md#settings). */
export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/user/notifications', {
    schema: {
      tags,
      summary: "The signed-in user's notification switches, per channel (sms, email) and topic",
      description:
        'Every switch is on until turned off. `smsPhone` is the verified number SMS go to (null: none, so no SMS is sent); `smsStopped` says that number replied STOP, and then every SMS switch reads off.',
      response: { 200: notificationsResponseSchema, ...errorResponses(401) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      return { success: true as const, ...(await getNotificationSettings(app.db, auth.user.id)) };
    },
  });

  app.patch('/api/user/notifications', {
    // No public page shows anyone's notification switches.
    config: { keepsPublicReads: true },
    schema: {
      tags,
      summary: 'Turn some notification switches on or off',
      description:
        'A part of the same shape (`{ sms?: { bookings?, payments?, reminders?, chat? }, email?: {…} }`, booleans only, no other key). Each switch that changes is recorded as consent given or withdrawn. Turning an SMS switch on forgets a STOP the verified number replied. Answers as GET does.',
      body: notificationsPatchBodySchema,
      response: { 200: notificationsResponseSchema, ...errorResponses(400, 401) },
    },
    preHandler: requireUser,
    handler: async (request) => {
      const auth = currentAuth(request);
      return {
        success: true as const,
        ...(await changeNotificationSettings(app.db, auth.user.id, request.body)),
      };
    },
  });
};
