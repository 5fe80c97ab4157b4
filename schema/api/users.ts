/**
 * A player as GET /api/users answers it: public fields only. `drk_balance` (SPEC §3: a number
 * carried as a string) is there only for the player itself and for the Wanakt.
 */
export interface PublicUserDto {
  id: string;
  username: string;
  territory_count: number;
  drk_balance?: string;
}
