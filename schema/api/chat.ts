export interface ChatMessageDto {
  id: number;
  territory_id: number;
  user_id: string;
  username: string;
  message: string;
  created_at: string;
}
