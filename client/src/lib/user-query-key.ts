// The signed-in member's query key (lib/query-keys.ts's `user`), in a file of its own so that the
// first script, which reads the member (features/auth/api/get-user.ts), does not carry every other
// key (docs/decisions/0310-the-first-script-trimmed.md).
export const USER_QUERY_KEY = ['user'] as const;
