import { z } from 'zod';
import { AD_IMPRESSIONS, BANNER_IMPRESSIONS } from '../rules/store.ts';
import { requiredText } from './auth.ts';
import { IdField } from './ids.ts';
import { EmailToken } from './mail.ts';
import { CheckoutDto } from './payments.ts';
import { INVISIBLE_NAME_MESSAGE, nameProblem, normaliseName } from '../rules/names.ts';
import { REGIONS } from '../rules/region.ts';

export const AD_STATUSES = ['pending_payment', 'in_review', 'active', 'completed', 'rejected', 'refunded'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** An ad as the banner, the visit popup and the ad lists show it (docs/rules.md §3 "Ad"). */
export const AdDto = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    click_url: z.string().nullable(),
    territory_id: z.number().int().nullable(),
    /** docs/rules.md §9 "Advertising": the region of the target territory, the only one the banner shows in; null shows everywhere. */
    region: z.enum(REGIONS).nullable(),
    /** Impressions delivered so far. */
    impressions: z.number().int(),
    impressions_wanted: z.number().int(),
    clicks: z.number().int(),
    /** What the buyer paid: in dollars for a card-paid ad, in DRK for a banner bought with DRK. */
    revenue: z.number(),
    status: z.enum(AD_STATUSES),
  })
  .meta({ id: 'Ad' });
export type AdDto = z.infer<typeof AdDto>;

const MAX_URL_LENGTH = 2000;

/** Only web addresses are ever stored, so a click can never run script or open another scheme. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const trimmed = (max: number, tooLong: string) =>
  z
    .string()
    .max(10_000, { error: tooLong })
    .transform((value) => value.trim())
    .pipe(z.string().max(max, { error: tooLong }));

const webUrl = z
  .string({ error: 'The website URL must be text' })
  .pipe(trimmed(MAX_URL_LENGTH, 'The website URL is too long'))
  .refine((value) => value === '' || isWebUrl(value), { error: 'The website URL must start with http:// or https://' })
  .meta({ pattern: '^$|^https?://[^\\s/?#]+' });

const wholeNumberBetween = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** docs/rules.md §4 "Advertise flow": what an advertiser (no account needed) sends to buy impressions. */
export const AdPurchaseBody = z.object({
  title: requiredText('Please enter an ad title', 100),
  content: requiredText('Please enter the ad content', 1000),
  click_url: webUrl
    .optional()
    .nullable()
    .transform((value) => value || null),
  territory_id: IdField('Territory id'),
  advertiser_name: z
    .string({ error: 'The advertiser name must be text' })
    .pipe(trimmed(100, 'The advertiser name may be at most 100 characters'))
    .transform(normaliseName)
    .refine((name) => name === '' || nameProblem(name) === null, { error: INVISIBLE_NAME_MESSAGE })
    .optional()
    .nullable()
    .transform((value) => value || null),
  advertiser_email: z
    .string({ error: 'Please enter a valid email address' })
    .pipe(trimmed(254, 'Please enter a valid email address'))
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  impressions_wanted: wholeNumberBetween(AD_IMPRESSIONS.min, AD_IMPRESSIONS.max, 'Impressions must be a whole number from 100 to 50,000'),
  /** The client's total in dollars: checked against the server's price, never trusted. */
  total_cost: z.number({ error: 'total_cost must be a number of dollars' }).finite({ error: 'total_cost must be a number of dollars' }),
});
export type AdPurchaseBody = z.infer<typeof AdPurchaseBody>;

/** Where a counted click leads: the ad's web address. */
export const AdClickDto = z.object({ url: z.string() }).meta({ id: 'AdClick' });
export type AdClickDto = z.infer<typeof AdClickDto>;

/** The link an advertiser follows the ad by: no login, the token is its only key (docs/rules.md §4 "Advertise flow"). */
export const RECEIPT_PATH = '/advertise/receipt/';
/** 32 random bytes in base64url: 256 bits nobody can guess. */
export const ReceiptToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Unknown receipt' });

export const AdPurchaseDto = CheckoutDto.extend({
  adId: z.number().int(),
  total_cost: z.number(),
  region: z.enum(REGIONS).nullable(),
  /** The receipt page, shown once here: only a hash of its token is kept. */
  receipt_path: z.string().startsWith(RECEIPT_PATH),
}).meta({ id: 'AdPurchase' });
export type AdPurchaseDto = z.infer<typeof AdPurchaseDto>;

/** docs/rules.md §9 "Dashboard banner": a banner a player buys with DRK. */
export const BannerBody = z.object({
  title: requiredText('Please enter a banner title', 100),
  content: requiredText('Please enter the banner content', 1000),
  click_url: webUrl
    .refine((value) => value !== '', { error: 'Please enter the URL the banner links to' })
    .meta({ pattern: '^https?://[^\\s/?#]+' }),
  target_impressions: wholeNumberBetween(
    BANNER_IMPRESSIONS.min,
    BANNER_IMPRESSIONS.max,
    'Target impressions must be a whole number from 100 to 100,000',
  ),
});
export type BannerBody = z.infer<typeof BannerBody>;

/** An ad as the Wanakt's review queue shows it: who bought it, where it runs and what it cost. */
export const AdReviewDto = AdDto.extend({
  advertiser_name: z.string().nullable(),
  advertiser_email: z.string().nullable(),
  buyer_username: z.string().nullable(),
  territory_name: z.string().nullable(),
  /** Dollars for a card-paid ad, null for a banner paid in DRK. */
  total_cost: z.number().nullable(),
  cost_drk: z.number().nullable(),
  created_at: z.string(),
}).meta({ id: 'AdReview' });
export type AdReviewDto = z.infer<typeof AdReviewDto>;

/** One of a player's own banners, for the banner analytics modal. */
export const MyBannerDto = AdDto.extend({ cost_drk: z.number(), created_at: z.string() }).meta({ id: 'MyBanner' });
export type MyBannerDto = z.infer<typeof MyBannerDto>;

/** What an advertiser's receipt link shows, updated as the ad runs. */
export const AdReceiptDto = z
  .object({
    title: z.string(),
    content: z.string(),
    click_url: z.string().nullable(),
    territory_name: z.string().nullable(),
    region: z.enum(REGIONS).nullable(),
    status: z.enum(AD_STATUSES),
    impressions: z.number().int(),
    impressions_wanted: z.number().int(),
    clicks: z.number().int(),
    total_cost: z.number().nullable(),
    created_at: z.string(),
    /**
     * Whether the address given at checkout is confirmed: until it is, only the receipt is mailed to
     * it (docs/rules.md §11 "Mail"). Null for an ad bought with no address (a player's DRK banner).
     */
    address_confirmed: z.boolean().nullable(),
  })
  .meta({ id: 'AdReceipt' });
export type AdReceiptDto = z.infer<typeof AdReceiptDto>;

/**
 * The query parameter of the receipt mail's link that carries its confirmation token; its name holds
 * "token", so the logs redact its value (docs/operations.md "Logs").
 */
export const CONFIRM_PARAM = 'confirm_token';

/** POST /api/ads/confirm-address: the token of the receipt mail's confirmation link (32 random bytes, base64url). */
export const ConfirmAdAddressBody = z.strictObject({ token: EmailToken }).meta({ id: 'ConfirmAdAddressBody' });
export type ConfirmAdAddressBody = z.infer<typeof ConfirmAdAddressBody>;

export const AdAddressConfirmedDto = z.object({ email: z.string() }).meta({ id: 'AdAddressConfirmed' });
export type AdAddressConfirmedDto = z.infer<typeof AdAddressConfirmedDto>;
