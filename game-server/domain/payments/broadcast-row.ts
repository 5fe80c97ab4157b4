import type { BroadcastDto } from '../../../schema/api/broadcasts.ts';
import { drkForUsdCents } from '../../../schema/rules/store.ts';

// A broadcast as stored, and as every reader sees it. Here, beside the payment that sends it
// (fulfilment.ts), so payments/ never depends on social/, which reads and pages broadcasts.

export interface BroadcastRow {
  id: number;
  sender_id: string;
  sender_name: string;
  message: string;
  paid: boolean;
  created_at: Date;
  reach_count: number;
  cost_cents: number;
}

export function broadcastDto(row: BroadcastRow): BroadcastDto {
  return {
    id: row.id,
    sender_id: row.sender_id,
    sender_name: row.sender_name,
    message: row.message,
    paid: row.paid,
    created_at: row.created_at.toISOString(),
    reach_count: row.reach_count,
    cost: drkForUsdCents(row.cost_cents),
    cost_cents: row.cost_cents,
  };
}
