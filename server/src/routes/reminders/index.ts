// The reminders module's entry (app.ts registers ./reminders.routes.ts and the job).
// docs/decisions/0234-reminders.md
export { reminderJob, type ReminderPluginOptions } from './reminders.plugin';
export { ensureReminderKeys, unsubscribeToken } from './keys';
export { verifyUnsubscribeToken, type ReminderKeys } from './keys';
export { queuePushToMember, vapidSubject } from './push';
export { ReminderTimer, LATE_LIMIT_MS } from './reminder-job';
