// The one place the client talks HTTP to the game server, with docs/rules.md §7's request semantics.
import type { TerritoryDto } from '../schema/api/territory.ts';
import type { WorldChangesDto } from '../schema/api/territory-list.ts';
import { WORLD_SEQ_HEADER } from '../schema/api/world-seq.ts';
import type { BoundingBox } from '../schema/rules/viewport.ts';
import type { WorldViewDto } from '../schema/api/world-view.ts';
import type { AccountDto, SessionDto } from '../schema/api/user.ts';
import type { MessageDto, VisitDto } from '../schema/api/territories.ts';
import { MAX_ZOOM, type UpgradeTier } from '../schema/constants.ts';
import type { TerritoryEventDto } from '../schema/api/events.ts';
import type { ChatMessageDto } from '../schema/api/chat.ts';
import type { CollectibleActionDto } from '../schema/api/collectibles.ts';
import type { RentPaidDto } from '../schema/api/rent.ts';
import type { RentGeneratedDto } from '../schema/api/revenue.ts';
import type { AdPurchaseBody, AdPurchaseDto, BannerBody, MyBannerDto } from '../schema/api/ads.ts';
import type { BroadcastAllowanceDto, BroadcastDto } from '../schema/api/broadcasts.ts';
import type { AuditAnswerDto } from '../schema/api/economy.ts';
import type { ApiKeyDto, CreateApiKeyBody, CreatedApiKeyDto } from '../schema/api/api-keys.ts';
import type { CheckoutDto, DrkPackageDto, PaymentStatusDto, SandboxConfirmBody, SandboxConfirmDto } from '../schema/api/payments.ts';
import type { NotificationPreferencesDto } from '../schema/api/notifications.ts';
import type { NotificationKind } from '../schema/rules/notifications.ts';
import type { MailPreferencesBody, MailSettingsDto } from '../schema/api/mail.ts';
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

async function call(method: string, path: string, payload?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (payload !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(payload);
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  return response;
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

// Reads /api/auth/session, which answers a visitor with no account (200), so a visitor's page logs no 401.
export async function me(): Promise<AccountDto | null> {
  const { account } = await json<SessionDto>(call('GET', '/api/auth/session'));
  return account;
}

/** The whole world, and the world sequence number it reflects (null from a server that sends none). */
export interface WorldRead {
  territories: TerritoryDto[];
  seq: number | null;
}

export async function readWorld(): Promise<WorldRead> {
  const response = await call('GET', '/api/territories');
  const seq = response.headers.get(WORLD_SEQ_HEADER);
  return { territories: (await response.json()) as TerritoryDto[], seq: seq === null ? null : Number(seq) };
}

/** Only the territories changed after `seq`, or the whole world (`full`) when that is too far back. */
export function worldChangesSince(seq: number): Promise<WorldChangesDto> {
  return json(call('GET', `/api/territories?since=${seq}`));
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
  return json(call('GET', `/api/territories?bbox=${bbox}&zoom=${Math.min(MAX_ZOOM, Math.max(1, zoom)).toFixed(3)}`));
}

// docs/rules.md §7: what a default read does with a 401, raise it or answer null (being logged out is then an answer).
export type On401 = 'throw' | 'returnNull';

// The default read of the query layer: a GET on an already-built path.
export async function getPath<T>(path: string, on401: On401 = 'throw'): Promise<T | null> {
  try {
    return await json<T>(call('GET', path));
  } catch (error) {
    if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

// ── Territory, chat and event commands of the dashboard, map and marketplace (docs/rules.md §7).

export function purchaseTerritory(id: number, userId: string, salePrice: number | null): Promise<MessageDto> {
  // The price the buyer saw travels along, so a listing changed meanwhile is refused, not charged.
  return json(call('POST', `/api/territories/${id}/purchase`, { userId, ...(salePrice === null ? {} : { sale_price: salePrice }) }));
}

export function upgradeTerritory(id: number, upgradeTier: UpgradeTier): Promise<MessageDto> {
  return json(call('POST', `/api/territories/${id}/upgrade`, { upgrade_tier: upgradeTier }));
}

export async function updateDescription(id: number, userId: string, description: string): Promise<void> {
  await call('PATCH', `/api/territories/${id}/description`, { userId, description });
}

export async function renameTerritory(id: number, userId: string, name: string): Promise<void> {
  await call('PATCH', `/api/territories/${id}`, { userId, name });
}

export async function moveTerritory(id: number, userId: string, latitude: string, longitude: string): Promise<void> {
  await call('PATCH', `/api/territories/${id}/position`, { userId, latitude, longitude });
}

export function setTerritoryRent(id: number, userId: string, rentAmount: number | null): Promise<MessageDto> {
  return json(call('PATCH', `/api/territories/${id}/rent`, { userId, rentAmount }));
}

/** Lists the territory at `salePrice`, or withdraws the listing when it is null. */
export async function setListing(id: number, userId: string, salePrice: number | null): Promise<void> {
  await call('PATCH', `/api/territories/${id}/listing`, { userId, sale_price: salePrice });
}

/** Gives the territory to the player of that username (the server matches it whatever its case). */
export function giftTerritory(id: number, to: string): Promise<MessageDto> {
  return json(call('POST', `/api/territories/${id}/gift`, { to }));
}

export function visitTerritory(id: number): Promise<VisitDto> {
  return json(call('POST', `/api/territories/${id}/visit`));
}

export function postChat(territoryId: number, userId: string, message: string): Promise<ChatMessageDto> {
  return json(call('POST', '/api/chat', { territory_id: territoryId, user_id: userId, message }));
}

// ── Revenue, rent, collectibles and the Wanakt's admin commands (docs/rules.md §7).

export function mintDrk(amount: number, recipientId: string): Promise<MessageDto> {
  return json(call('POST', '/api/currency/mint', { amount, recipientId }));
}

export function assignTerritory(id: number, userId: string, price: number): Promise<MessageDto> {
  return json(call('POST', `/api/territories/${id}/assign`, { userId, price }));
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
  return json(call('POST', '/api/admin/create-territory', territory));
}

export function purchaseCollectible(id: number, userId: string): Promise<CollectibleActionDto> {
  return json(call('POST', `/api/collectibles/${id}/purchase`, { userId }));
}

/** Applies an owned collectible to the player's palace, or takes it off again. */
export function applyCollectible(id: number, userId: string, applied: boolean): Promise<CollectibleActionDto> {
  return json(call('POST', `/api/collectibles/${id}/${applied ? 'apply' : 'unapply'}`, { userId }));
}

export function payRent(paymentId: number): Promise<RentPaidDto> {
  return json(call('POST', `/api/rent/pay/${paymentId}`));
}

export function generateRent(): Promise<RentGeneratedDto> {
  return json(call('POST', '/api/rent/generate'));
}

export function createTerritoryEvent(territoryId: number, name: string, scheduledAt: string): Promise<TerritoryEventDto> {
  return json(call('POST', '/api/events/territory', { territory_id: territoryId, name, scheduled_at: scheduledAt }));
}

/** Takes a territory event live (true) or ends it (false). */
export function setTerritoryEventLive(eventId: number, isLive: boolean): Promise<TerritoryEventDto> {
  return json(call('PATCH', `/api/events/territory/${eventId}`, { is_live: isLive }));
}

export async function cancelTerritoryEvent(eventId: number): Promise<void> {
  await call('DELETE', `/api/events/territory/${eventId}`);
}

// Payments (issue 5): the DRK store, paid broadcasts, ads and banners.
export function drkPackages(): Promise<DrkPackageDto[]> {
  return json(call('GET', '/api/drk/packages'));
}

export function purchaseDrk(packageId: string, userId: string): Promise<CheckoutDto> {
  return json(call('POST', '/api/drk/purchase-intent', { packageId, userId }));
}

export function paymentStatus(paymentIntentId: string): Promise<PaymentStatusDto> {
  return json(call('GET', `/api/payments/intent/${encodeURIComponent(paymentIntentId)}`));
}

export function confirmSandboxPayment(body: SandboxConfirmBody): Promise<SandboxConfirmDto> {
  return json(call('POST', '/api/payments/sandbox/confirm', body));
}

/** Backs out of an unpaid checkout, so a new one can open at once. */
export function cancelCheckout(paymentIntentId: string): Promise<PaymentStatusDto> {
  return json(call('POST', `/api/payments/${encodeURIComponent(paymentIntentId)}/cancel`));
}

export function payForBroadcast(userId: string, message: string): Promise<CheckoutDto> {
  return json(call('POST', '/api/broadcasts/payment', { userId, message }));
}

export function sendBroadcast(senderId: string, message: string, paid: boolean): Promise<BroadcastDto> {
  return json(call('POST', '/api/broadcasts', { sender_id: senderId, message, paid }));
}

export function broadcastAllowance(): Promise<BroadcastAllowanceDto> {
  return json(call('GET', '/api/broadcasts/allowance'));
}

export function purchaseAd(order: AdPurchaseBody): Promise<AdPurchaseDto> {
  return json(call('POST', '/api/ads/purchase', order));
}

export function buyBanner(banner: BannerBody): Promise<MyBannerDto> {
  return json(call('POST', '/api/ads/banner', banner));
}

export function myBanners(): Promise<MyBannerDto[]> {
  return json(call('GET', '/api/ads/mine'));
}

export function markNotificationsRead(ids?: number[]): Promise<{ unread: number }> {
  return json(call('POST', '/api/notifications/read', ids ? { ids } : {}));
}

export function setNotificationPreference(kind: NotificationKind, enabled: boolean): Promise<NotificationPreferencesDto> {
  return json(call('POST', '/api/notifications/preferences', { kind, enabled }));
}

// ── The account's e-mail (docs/rules.md §11 "Mail").

export function mailSettings(): Promise<MailSettingsDto> {
  return json(call('GET', '/api/account/mail'));
}

export function setEmail(email: string | null): Promise<MailSettingsDto> {
  return json(call('POST', '/api/account/email', { email }));
}

export function verifyEmail(token: string): Promise<{ email: string }> {
  return json(call('POST', '/api/account/email/verify', { token }));
}

export function setMailPreferences(preferences: MailPreferencesBody): Promise<MailSettingsDto> {
  return json(call('POST', '/api/account/mail-preferences', preferences));
}

export function claimStarterTerritory(territoryId: number): Promise<MessageDto> {
  return json(call('POST', '/api/first-steps/claim', { territoryId }));
}

// ── The public economy (issue "Open books").

export function runSupplyAudit(): Promise<AuditAnswerDto> {
  return json(call('POST', '/api/economy/audit', {}));
}

// ── The Wanakt's desk.

export function reviewAd(adId: number, approve: boolean): Promise<unknown> {
  return json(call('POST', `/api/ads/${adId}/${approve ? 'approve' : 'reject'}`));
}

export function removeChatMessage(messageId: number, reason: string): Promise<MessageDto> {
  return json(call('POST', `/api/admin/chat/${messageId}/remove`, { reason }));
}

export function mutePlayer(userId: string, minutes: number, reason: string): Promise<unknown> {
  return json(call('POST', '/api/admin/mutes', { userId, minutes, reason }));
}

export function liftMute(userId: string, reason: string): Promise<MessageDto> {
  return json(call('POST', '/api/admin/mutes/lift', { userId, reason }));
}

// ── API keys for programs: managed only with the session, never with a key.

export function apiKeys(): Promise<ApiKeyDto[]> {
  return json(call('GET', '/api/api-keys'));
}

export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKeyDto> {
  return json(call('POST', '/api/api-keys', body));
}

export function revokeApiKey(id: number): Promise<ApiKeyDto> {
  return json(call('DELETE', `/api/api-keys/${id}`));
}

// ── Presence: the away panel (docs/rules.md §4 "While you were away").

/** Says the player is here; answers whether a panel of its absence waits. */
export function markVisit(): Promise<{ away: boolean }> {
  return json(call('POST', '/api/away/visit'));
}

export function dismissAway(): Promise<AwayPanelDto> {
  return json(call('POST', '/api/away/dismiss'));
}
