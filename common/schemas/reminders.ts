import { z } from 'zod';
import { ALLOWED_TIME_PATTERN, QUIET_HOURS_MESSAGE } from '../reminders';

// The reminders' API (docs/decisions/0234-reminders.md), shared with the client.

// One pattern, so that the API description says which times are taken (07:00 to 21:59).
export const reminderTimeSchema = z.string().regex(ALLOWED_TIME_PATTERN, QUIET_HOURS_MESSAGE);

export const reminderSettingsSchema = z
  .object({
    /** A session of the member's plan is due today. */
    planDays: z.boolean(),
    /** The week is running out and the weekly goal is not met. */
    weeklyGoal: z.boolean(),
    /** Local time in the member's zone, HH:MM, 07:00-21:59. */
    time: reminderTimeSchema,
    email: z.boolean(),
    push: z.boolean(),
  })
  .strict();
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const reminderSettingsResponseSchema = reminderSettingsSchema.extend({
  /** Push subscriptions (devices) the member has. */
  devices: z.number().int().min(0),
});
export type ReminderSettingsResponse = z.infer<typeof reminderSettingsResponseSchema>;

export const vapidKeySchema = z.object({ publicKey: z.string() });
export type VapidKey = z.infer<typeof vapidKeySchema>;

const base64Url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url.');

export const pushSubscriptionSchema = z
  .object({
    endpoint: z
      .string()
      .max(2000)
      .regex(/^https:\/\/[^\s/?#]+[^\s]*$/, 'A push endpoint is an https URL.')
      .refine((u) => URL.canParse(u), 'A push endpoint is an https URL.'),
    keys: z.object({ p256dh: base64Url(200), auth: base64Url(100) }).strict(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2000) }).strict();

export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(300) }).strict();
export const unsubscribeResponseSchema = z.object({ message: z.string(), off: z.boolean() });
