// The account answer of register, login and /api/auth/me (SPEC §3 "User").
export interface AccountDto {
  id: string;
  username: string;
  drk_balance: string;
  is_wanakt: boolean;
}

export interface ErrorDto {
  message: string;
}
