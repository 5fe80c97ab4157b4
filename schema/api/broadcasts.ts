export interface BroadcastDto {
  id: number;
  sender_id: string;
  sender_name: string;
  message: string;
  paid: boolean;
  created_at: string;
  reach_count: number;
  /** What the broadcast cost, in DRK at the store's rate (SPEC §2 "Global broadcast"). */
  cost: number;
}
