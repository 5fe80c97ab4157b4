import type { ChatMessageDto } from '../../schema/api/chat.ts';
import { CHAT_PAGE_SIZE } from '../../schema/api/chat.ts';
import { formatDate, formatNumber } from '../format.ts';

/** docs/rules.md §9 "Display": wonder visitors are the population divided by 100,000, shown in K. */
export function wonderVisitors(population: number): string {
  return `${formatNumber(Math.round(population / 100_000))}K`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The chat activity line of a wonder card, from the latest page of its chat. A full page that all
 * falls within the day means there may be more than a page's worth, hence the '+'.
 */
export function chatActivity(messages: readonly ChatMessageDto[], now: Date): string {
  if (messages.length === 0) return 'No messages yet. Be the first to say hello!';
  const recent = messages.filter((message) => now.getTime() - new Date(message.created_at).getTime() < DAY_MS).length;
  if (recent === 0) return `Quiet today · last message ${formatDate(messages[messages.length - 1].created_at)}`;
  const more = recent === CHAT_PAGE_SIZE && messages.length === CHAT_PAGE_SIZE ? '+' : '';
  return `${recent}${more} message${recent === 1 ? '' : 's'} in the last 24 hours`;
}
