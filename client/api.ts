// The one place the client talks HTTP to the game server, with docs/rules.md §7's request semantics.
import type { OfferDto } from '../schema/api/offers.ts';
import type { AuctionDto } from '../schema/api/auctions.ts';
import type { AlliancePayoutDto } from '../schema/api/alliances.ts';
import type { TerritoryDto } from '../schema/api/territory.ts';
import type { WorldChangesDto } from '../schema/api/territory-list.ts';
import { WORLD_SEQ_HEADER } from '../schema/api/world-seq.ts';
import { COMMAND_RETRY_PAUSES_MS, IDEMPOTENCY_KEY_HEADER } from '../schema/api/idempotency.ts';
import { readUrl, type ReadArguments } from '../schema/reads/address.ts';
import type { ReadAt, ReadPath } from '../schema/reads/index.ts';
import type { AnswerOf, ReadInput } from '../schema/reads/registry.ts';
import type { BoundingBox } from '../schema/rules/viewport.ts';
import type { WorldViewDto } from '../schema/api/world-view.ts';
import type { AccountDto } from '../schema/api/user.ts';
import type { MessageDto, VisitDto } from '../schema/api/territories.ts';
import { MAX_ZOOM, type UpgradeTier } from '../schema/constants.ts';
import type { TerritoryEventDto } from '../schema/api/events.ts';
import type { AllianceChatMessageDto, ChatMessageDto } from '../schema/api/chat.ts';
import type { CollectibleActionDto } from '../schema/api/collectibles.ts';
import type { RentPaidDto } from '../schema/api/rent.ts';
import type { RentGeneratedDto } from '../schema/api/revenue.ts';
import type { AdAddressConfirmedDto, AdPurchaseBody, AdPurchaseDto, BannerBody, MyBannerDto } from '../schema/api/ads.ts';
import type { BroadcastDto } from '../schema/api/broadcasts.ts';
import type { AuditAnswerDto } from '../schema/api/economy.ts';
import type { ApiKeyDto, CreateApiKeyBody, CreatedApiKeyDto } from '../schema/api/api-keys.ts';
import type { CheckoutDto, PaymentStatusDto, SandboxConfirmBody, SandboxConfirmDto } from '../schema/api/payments.ts';
import type { NotificationPreferencesDto } from '../schema/api/notifications.ts';
import type { NotificationKind } from '../schema/rules/notifications.ts';
import type { MailPreferencesBody, MailSettingsDto } from '../schema/api/mail.ts';
import type { PushSettingsBody, PushSettingsDto, PushSubscribeBody } from '../schema/api/push.ts';
import type { AwayPanelDto } from '../schema/api/away.ts';

// docs/rules.md §8: the error's message is "status: body text", or the status text when the body is empty.
export class ApiError extends Error {
  readonly status: number;
  // The server's own `{message}`, which is what a toast shows; null when the body is not that shape.
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = messageIn(bodyText);
  }
}

function messageIn(bodyText: string): string | null {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // A body that is not JSON carries no server message; the error's own message still holds its text.
  }
  return null;
}

// What a toast should say about a failed call: the server's message when it sent one.
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

async function call(method: string, path: string, payload?: unknown, headers?: Record<string, string>): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (payload !== undefined || headers) {
    init.headers = { ...(payload !== undefined && { 'Content-Type': 'application/json' }), ...headers };
  }
  if (payload !== undefined) init.body = JSON.stringify(payload);
  const response = await fetch(path, init);
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  return response;
}

/** A key for one user action: a UUID, also where randomUUID is missing (a page served over plain http). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A command (docs/write-path.md "Idempotent commands"): one Idempotency-Key for the user's action,
 * sent with every try of it. A network error or a 503 is tried again with that key, so a try that
 * was applied after all is answered its first outcome, never applied twice.
 */
async function command(method: string, path: string, payload?: unknown): Promise<Response> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() };
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(method, path, payload, headers);
    } catch (error) {
      const retryable = error instanceof TypeError || (error instanceof ApiError && error.status === 503);
      if (!retryable || attempt >= COMMAND_RETRY_PAUSES_MS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, COMMAND_RETRY_PAUSES_MS[attempt]));
    }
  }
}

async function json<T>(response: Promise<Response>): Promise<T> {
  return (await response).json() as Promise<T>;
}

export interface Credentials {
  username: string;
  password: string;
}

export function register(credentials: Credentials): Promise<AccountDto> {
  return json(call('POST', '/api/users/register', credentials));
}

export function login(credentials: Credentials): Promise<AccountDto> {
  return json(call('POST', '/api/auth/login', credentials));
}

export async function logout(): Promise<void> {
  await call('POST', '/api/auth/logout');
}

// docs/rules.md §7: what a read does with a 401, raise it or answer null (being logged out is then an answer).
export type On401 = 'throw' | 'returnNull';

/** GETs a read's address; a 401 answers null when asked to. */
async function readAt<T>(url: string, on401: On401): Promise<T | null> {
  try {
    return await json<T>(call('GET', url));
  } catch (error) {
    if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * A declared read (schema/reads/), named by its path: its address filled from the input, answered
 * its declared body. Its path and its types come from the declaration through types alone, so no
 * page loads a read's schemas to call it (docs/design.md "Reads").
 */
export function read<P extends ReadPath>(path: P, input?: ReadInput<ReadAt<P>>, on401?: 'throw'): Promise<AnswerOf<ReadAt<P>>>;
export function read<P extends ReadPath>(
  path: P,
  input: ReadInput<ReadAt<P>> | undefined,
  on401: On401,
): Promise<AnswerOf<ReadAt<P>> | null>;
export function read<P extends ReadPath>(
  path: P,
  input?: ReadInput<ReadAt<P>>,
  on401: On401 = 'throw',
): Promise<AnswerOf<ReadAt<P>> | null> {
  return readAt<AnswerOf<ReadAt<P>>>(readUrl(path, input as ReadArguments | undefined), on401);
}

// The session read answers a visitor with no account (200), so a visitor's page logs no 401.
export async function me(): Promise<AccountDto | null> {
  const { account } = await read('/auth/session');
  return account;
}

// The world's list, read with headers of its own (the sequence, the next page).
const WORLD: ReadPath = '/territories';

/** The whole world, and the world sequence number it reflects (null from a server that sends none). */
export interface WorldRead {
  territories: TerritoryDto[];
  seq: number | null;
}

export async function readWorld(): Promise<WorldRead> {
  const response = await call('GET', readUrl(WORLD));
  const seq = response.headers.get(WORLD_SEQ_HEADER);
  return { territories: (await response.json()) as TerritoryDto[], seq: seq === null ? null : Number(seq) };
}

/** Only the territories changed after `seq`, or the whole world (`full`) when that is too far back. */
export function worldChangesSince(seq: number): Promise<WorldChangesDto> {
  return json(call('GET', readUrl(WORLD, { since: seq })));
}

/**
 * What the map shows of one box at its camera's zoom: every territory in it, or clusters and the
 * always-shown territories (schema/rules/viewport.ts). The box is cut to the world and the zoom to
 * 1..MAX_ZOOM, as the server asks (a camera may look past the map's edge, or below zoom 1 in a
 * panel of another shape); both are sent rounded, so a box read again gets the server's kept answer.
 */
export function worldView(box: BoundingBox, zoom: number): Promise<WorldViewDto> {
  const within = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)).toFixed(6);
  const bbox = [
    within(box.minLongitude, 180),
    within(box.minLatitude, 90),
    within(box.maxLongitude, 180),
    within(box.maxLatitude, 90),
  ].join(',');
  return json(call('GET', readUrl(WORLD, { bbox, zoom: Math.min(MAX_ZOOM, Math.max(1, zoom)).toFixed(3) })));
}

// ── Territory, chat and event commands of the dashboard, map and marketplace (docs/rules.md §7).

export function purchaseTerritory(id: number, userId: string, salePrice: number | null): Promise<MessageDto> {
  // The price the buyer saw travels along, so a listing changed meanwhile is refused, not charged.
  return json(command('POST', `/api/territories/${id}/purchase`, { userId, ...(salePrice === null ? {} : { sale_price: salePrice }) }));
}

export function upgradeTerritory(id: number, upgradeTier: UpgradeTier): Promise<MessageDto> {
  return json(command('POST', `/api/territories/${id}/upgrade`, { upgrade_tier: upgradeTier }));
}

export async function updateDescription(id: number, userId: string, description: string): Promise<void> {
  await command('PATCH', `/api/territories/${id}/description`, { userId, description });
}

export async function renameTerritory(id: number, userId: string, name: string): Promise<void> {
  await command('PATCH', `/api/territories/${id}`, { userId, name });
}

export async function moveTerritory(id: number, userId: string, latitude: string, longitude: string): Promise<void> {
  await command('PATCH', `/api/territories/${id}/position`, { userId, latitude, longitude });
}

export function setTerritoryRent(id: number, userId: string, rentAmount: number | null): Promise<MessageDto> {
  return json(command('PATCH', `/api/territories/${id}/rent`, { userId, rentAmount }));
}

/** Lists the territory at `salePrice`, or withdraws the listing when it is null. */
export async function setListing(id: number, userId: string, salePrice: number | null): Promise<void> {
  await command('PATCH', `/api/territories/${id}/listing`, { userId, sale_price: salePrice });
}

/** Gives the territory to the player of that username (the server matches it whatever its case). */
export function giftTerritory(id: number, to: string): Promise<MessageDto> {
  return json(command('POST', `/api/territories/${id}/gift`, { to }));
}

export type OfferAnswer = { message: string; offer: OfferDto };

// docs/rules.md §4 "Offers": each answers its message and the offer as it now stands.
export function makeOffer(territoryId: number, amount: number, expiresInHours: number): Promise<OfferAnswer> {
  return json(call('POST', `/api/territories/${territoryId}/offers`, { amount, expires_in_hours: expiresInHours }));
}

export function answerOffer(offerId: number, action: 'withdraw' | 'decline' | 'accept'): Promise<OfferAnswer> {
  return json(call('POST', `/api/offers/${offerId}/${action}`, {}));
}

export function counterOffer(offerId: number, price: number): Promise<OfferAnswer> {
  return json(call('POST', `/api/offers/${offerId}/counter`, { price }));
}

export function acceptCounter(offerId: number, price: number): Promise<OfferAnswer> {
  return json(call('POST', `/api/offers/${offerId}/accept-counter`, { price }));
}

export function setMinOffer(territoryId: number, minOffer: number | null): Promise<MessageDto> {
  return json(call('PATCH', `/api/territories/${territoryId}/min-offer`, { min_offer: minOffer }));
}

export type AuctionAnswer = { message: string; auction: AuctionDto };

// docs/rules.md §4 "Auctions": each answers its message and the auction as it now stands.
export function startAuction(
  territoryId: number,
  startPrice: number,
  reserve: number | null,
  durationHours: number,
): Promise<AuctionAnswer> {
  return json(
    call('POST', `/api/territories/${territoryId}/auctions`, { start_price: startPrice, reserve, duration_hours: durationHours }),
  );
}

export function bidOnAuction(auctionId: number, amount: number): Promise<AuctionAnswer> {
  return json(call('POST', `/api/auctions/${auctionId}/bids`, { amount }));
}

export function cancelAuction(auctionId: number): Promise<AuctionAnswer> {
  return json(call('POST', `/api/auctions/${auctionId}/cancel`, {}));
}

// docs/rules.md §4 "Alliances": each answers its message (and a payout as it now stands).
export type AllianceAnswer = { message: string; alliance_id: number; payout?: AlliancePayoutDto };

export function foundAlliance(name: string, tag: string): Promise<AllianceAnswer> {
  return json(command('POST', '/api/alliances', { name, tag }));
}

/** One of the writes on an alliance named by its path under /api/alliances/{id}/. */
export function allianceCall(
  id: number,
  action: 'invitations' | 'requests' | 'leave' | 'remove' | 'role' | 'hand-over' | 'deposit' | 'payouts',
  body: Record<string, unknown> = {},
): Promise<AllianceAnswer> {
  return json(command('POST', `/api/alliances/${id}/${action}`, body));
}

export function setAllianceLimit(id: number, dailyLimit: number): Promise<AllianceAnswer> {
  return json(command('PATCH', `/api/alliances/${id}/daily-limit`, { daily_limit: dailyLimit }));
}

export function acceptAllianceApplication(applicationId: number): Promise<AllianceAnswer> {
  return json(command('POST', `/api/alliance-applications/${applicationId}/accept`, {}));
}

export function declineAllianceApplication(applicationId: number): Promise<AllianceAnswer> {
  return json(command('POST', `/api/alliance-applications/${applicationId}/decline`, {}));
}

export function approveAlliancePayout(payoutId: number): Promise<AllianceAnswer> {
  return json(command('POST', `/api/alliance-payouts/${payoutId}/approve`, {}));
}

export function postAllianceChat(allianceId: number, message: string): Promise<AllianceChatMessageDto> {
  return json(command('POST', `/api/alliances/${allianceId}/chat`, { message }));
}

export function visitTerritory(id: number): Promise<VisitDto> {
  return json(command('POST', `/api/territories/${id}/visit`));
}

export function postChat(territoryId: number, userId: string, message: string): Promise<ChatMessageDto> {
  return json(command('POST', '/api/chat', { territory_id: territoryId, user_id: userId, message }));
}

// ── Revenue, rent, collectibles and the Wanakt's admin commands (docs/rules.md §7).

export function mintDrk(amount: number, recipientId: string): Promise<MessageDto> {
  return json(command('POST', '/api/currency/mint', { amount, recipientId }));
}

export function assignTerritory(id: number, userId: string, price: number): Promise<MessageDto> {
  return json(command('POST', `/api/territories/${id}/assign`, { userId, price }));
}

export interface NewTerritory {
  name: string;
  latitude: number;
  longitude: number;
  type: string;
  basePrice: number;
  userId: string;
}

export function createTerritory(territory: NewTerritory): Promise<TerritoryDto> {
  return json(command('POST', '/api/admin/create-territory', territory));
}

export function purchaseCollectible(id: number, userId: string): Promise<CollectibleActionDto> {
  return json(command('POST', `/api/collectibles/${id}/purchase`, { userId }));
}

/** Applies an owned collectible to the player's palace, or takes it off again. */
export function applyCollectible(id: number, userId: string, applied: boolean): Promise<CollectibleActionDto> {
  return json(command('POST', `/api/collectibles/${id}/${applied ? 'apply' : 'unapply'}`, { userId }));
}

export function payRent(paymentId: number): Promise<RentPaidDto> {
  return json(command('POST', `/api/rent/pay/${paymentId}`));
}

export function generateRent(): Promise<RentGeneratedDto> {
  return json(command('POST', '/api/rent/generate'));
}

export function createTerritoryEvent(territoryId: number, name: string, scheduledAt: string): Promise<TerritoryEventDto> {
  return json(command('POST', '/api/events/territory', { territory_id: territoryId, name, scheduled_at: scheduledAt }));
}

/** Takes a territory event live (true) or ends it (false). */
export function setTerritoryEventLive(eventId: number, isLive: boolean): Promise<TerritoryEventDto> {
  return json(command('PATCH', `/api/events/territory/${eventId}`, { is_live: isLive }));
}

export async function cancelTerritoryEvent(eventId: number): Promise<void> {
  await command('DELETE', `/api/events/territory/${eventId}`);
}

// Payments: paid broadcasts, ads and banners.

export function purchaseDrk(packageId: string, userId: string): Promise<CheckoutDto> {
  return json(command('POST', '/api/drk/purchase-intent', { packageId, userId }));
}

export function confirmSandboxPayment(body: SandboxConfirmBody): Promise<SandboxConfirmDto> {
  return json(command('POST', '/api/payments/sandbox/confirm', body));
}

/** Backs out of an unpaid checkout, so a new one can open at once. */
export function cancelCheckout(paymentIntentId: string): Promise<PaymentStatusDto> {
  return json(command('POST', `/api/payments/${encodeURIComponent(paymentIntentId)}/cancel`));
}

export function payForBroadcast(userId: string, message: string): Promise<CheckoutDto> {
  return json(command('POST', '/api/broadcasts/payment', { userId, message }));
}

export function sendBroadcast(senderId: string, message: string, paid: boolean): Promise<BroadcastDto> {
  return json(command('POST', '/api/broadcasts', { sender_id: senderId, message, paid }));
}

export function purchaseAd(order: AdPurchaseBody): Promise<AdPurchaseDto> {
  return json(command('POST', '/api/ads/purchase', order));
}

/** docs/rules.md §11 "Mail": the receipt mail's confirmation link, followed from the receipt page. */
export function confirmAdAddress(token: string): Promise<AdAddressConfirmedDto> {
  return json(command('POST', '/api/ads/confirm-address', { token }));
}

export function buyBanner(banner: BannerBody): Promise<MyBannerDto> {
  return json(command('POST', '/api/ads/banner', banner));
}

export function markNotificationsRead(ids?: number[]): Promise<{ unread: number }> {
  return json(command('POST', '/api/notifications/read', ids ? { ids } : {}));
}

export function setNotificationPreference(kind: NotificationKind, enabled: boolean): Promise<NotificationPreferencesDto> {
  return json(command('POST', '/api/notifications/preferences', { kind, enabled }));
}

// ── The account's e-mail (docs/rules.md §11 "Mail").

export function setEmail(email: string | null): Promise<MailSettingsDto> {
  return json(command('POST', '/api/account/email', { email }));
}

export function verifyEmail(token: string): Promise<{ email: string }> {
  return json(command('POST', '/api/account/email/verify', { token }));
}

export function setMailPreferences(preferences: MailPreferencesBody): Promise<MailSettingsDto> {
  return json(command('POST', '/api/account/mail-preferences', preferences));
}

// ── Notices pushed to this device (docs/rules.md §11 "Push").

export function subscribePush(subscription: PushSubscribeBody): Promise<PushSettingsDto> {
  return json(command('POST', '/api/account/push/subscribe', subscription));
}

export function unsubscribePush(endpoint: string): Promise<PushSettingsDto> {
  return json(command('POST', '/api/account/push/unsubscribe', { endpoint }));
}

export function setPushSettings(settings: PushSettingsBody): Promise<PushSettingsDto> {
  return json(command('POST', '/api/account/push/settings', settings));
}

export function claimStarterTerritory(territoryId: number): Promise<MessageDto> {
  return json(command('POST', '/api/first-steps/claim', { territoryId }));
}

// ── The public economy: the /economy page's open books.

export function runSupplyAudit(): Promise<AuditAnswerDto> {
  return json(command('POST', '/api/economy/audit', {}));
}

// ── The Wanakt's desk.

export function reviewAd(adId: number, approve: boolean): Promise<unknown> {
  return json(command('POST', `/api/ads/${adId}/${approve ? 'approve' : 'reject'}`));
}

export function removeChatMessage(messageId: number, reason: string): Promise<MessageDto> {
  return json(command('POST', `/api/admin/chat/${messageId}/remove`, { reason }));
}

export function removeBroadcast(broadcastId: number, reason: string): Promise<MessageDto> {
  return json(command('POST', `/api/admin/broadcasts/${broadcastId}/remove`, { reason }));
}

export function mutePlayer(userId: string, minutes: number, reason: string): Promise<unknown> {
  return json(command('POST', '/api/admin/mutes', { userId, minutes, reason }));
}

export function liftMute(userId: string, reason: string): Promise<MessageDto> {
  return json(command('POST', '/api/admin/mutes/lift', { userId, reason }));
}

export function liftTradeHold(userId: string): Promise<MessageDto> {
  return json(command('POST', '/api/admin/trade-holds/lift', { userId }));
}

export function changePassword(current: string, next: string): Promise<MessageDto> {
  return json(command('POST', '/api/account/password', { current_password: current, new_password: next }));
}

// ── API keys for programs: managed only with the session, never with a key.

export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKeyDto> {
  return json(command('POST', '/api/api-keys', body));
}

export function revokeApiKey(id: number): Promise<ApiKeyDto> {
  return json(command('DELETE', `/api/api-keys/${id}`));
}

// ── Presence: the away panel (docs/rules.md §4 "While you were away").

/** Says the player is here; answers whether a panel of its absence waits. */
export function markVisit(): Promise<{ away: boolean }> {
  return json(command('POST', '/api/away/visit'));
}

export function dismissAway(): Promise<AwayPanelDto> {
  return json(command('POST', '/api/away/dismiss'));
}
