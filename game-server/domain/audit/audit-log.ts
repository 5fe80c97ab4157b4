import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntryDto } from '../../../schema/api/desk.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';

export interface AuditEntry {
  actorId: string;
  action: AuditAction;
  subject: string;
  details?: Record<string, unknown>;
  reason?: string | null;
  at: Date;
}

/** Records one action of the Wanakt inside the transaction that does it: no action without its entry. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx`
    insert into audit_log (actor_id, action, subject, details, reason, created_at)
    values (${entry.actorId}, ${entry.action}, ${entry.subject.slice(0, 200)}, ${tx.json((entry.details ?? {}) as never)}, ${entry.reason ?? null}, ${entry.at})`;
}

/** The newest entries (of one action, or all), or those before an entry id: the desk's pages. */
export async function listAudit(sql: Queryable, filter: { action?: AuditAction; before?: number }): Promise<AuditEntryDto[]> {
  const rows = await sql<(Omit<AuditEntryDto, 'id' | 'created_at'> & { id: string; created_at: Date })[]>`
    select a.id::text, a.actor_id, u.username as actor_name, a.action, a.subject, a.details, a.reason, a.created_at
      from audit_log a join users u on u.id = a.actor_id
     where (${filter.action ?? null}::text is null or a.action = ${filter.action ?? null})
       and (${filter.before ?? null}::bigint is null or a.id < ${filter.before ?? null})
     order by a.id desc
     limit ${AUDIT_PAGE_SIZE}`;
  return rows.map((row) => ({ ...row, id: Number(row.id), created_at: row.created_at.toISOString() }));
}
