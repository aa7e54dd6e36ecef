import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

// The API's constants written into checks as literals (sql.raw), so the SQL is the same text as
// when they were typed here: drizzle-kit sees no change, and no migration is due.
export const num = (n: number) => sql.raw(String(n));
export const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// node-postgres gives a Buffer, PGlite a Uint8Array; both accept either.
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
  toDriver: (v) => v,
});
