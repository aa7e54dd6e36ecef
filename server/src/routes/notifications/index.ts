// The notifications module's entry (app.ts registers ./notifications.routes.ts and the hub).
// docs/decisions/0253-notifications.md
export { notify, type NotifyInput } from './notify';
export { notificationHub, type NotificationPluginOptions } from './notifications.plugin';
export { NOTIFICATION_CHANNEL } from './stream';
