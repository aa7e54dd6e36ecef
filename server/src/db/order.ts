import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// The indexes that read newest first were made by drizzle's `.desc()`: (..., created_at DESC NULLS
// LAST, id DESC NULLS LAST). A plain `ORDER BY x DESC` means NULLS FIRST, and PostgreSQL does not
// match it to those indexes even on NOT NULL columns: it reads every row of the index's prefix and
// sorts them. Ordered this way, a page reads its rows straight from the index
// (docs/decisions/0316-newest-first-in-the-indexes-order.md).
export const descIndexed = (col: AnyColumn | SQL): SQL => sql`${col} desc nulls last`;
