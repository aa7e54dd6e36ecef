// The notifications' query keys (this feature's alone): the stream and the mutations update them.
export const notificationsKey = ['notifications'] as const;
export const notificationListKey = ['notifications', 'list'] as const;
export const unreadCountKey = ['notifications', 'unread'] as const;
export const notificationSettingsKey = ['notifications', 'settings'] as const;
