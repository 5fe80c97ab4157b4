import { CONFIRM_PARAM } from '../../schema/api/ads.ts';
import type { AgentResponse, TestAgent } from './agent.ts';
import type { CaughtMail, MailCatcher } from './mail-catcher.ts';

// docs/rules.md §11 "Mail", "An advertiser's address": an advertiser confirms its address by the link
// of its receipt mail, with no account; until then it is sent the receipt alone.

/** An ad bought logged out and paid with the sandbox's card, as an advertiser with no account does (docs/rules.md §4 "Advertise flow"). */
export async function paidCardAd(
  game: { agent(): TestAgent },
  order: Record<string, unknown>,
): Promise<{ adId: number; paymentId: string }> {
  const purchase = await game.agent().post('/api/ads/purchase', order);
  if (purchase.status !== 201) throw new Error(`The ad was not bought: ${purchase.status} ${JSON.stringify(purchase.body)}`);
  const paid = await game.agent().post('/api/payments/sandbox/confirm', { ...purchase.body, outcome: 'succeed' });
  if (paid.body.status !== 'succeeded') throw new Error(`The ad was not paid: ${JSON.stringify(paid.body)}`);
  return { adId: purchase.body.adId, paymentId: purchase.body.paymentIntentId };
}

/** The confirmation token a receipt mail's status link carries, or null (an address already confirmed). */
export function confirmTokenOf(receipt: CaughtMail): string | null {
  const link = receipt.links.find((href) => href.includes('/advertise/receipt/'));
  return link ? new URL(link).searchParams.get(CONFIRM_PARAM) : null;
}

/** Waits for the receipt mailed to `email` and follows its confirmation link logged out, as the advertiser would. */
export async function confirmAdvertiserAddress(game: { agent(): TestAgent }, catcher: MailCatcher, email: string): Promise<AgentResponse> {
  const [receipt] = await catcher.waitFor(email);
  const token = confirmTokenOf(receipt);
  if (!token) throw new Error(`The receipt mailed to ${email} carries no confirmation link`);
  return game.agent().post('/api/ads/confirm-address', { token });
}
