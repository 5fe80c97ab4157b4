import mjml2html from 'mjml';
import { CONFIRM_PARAM, RECEIPT_PATH } from '../../../schema/api/ads.ts';
import { MAIL_STOP_KIND_NAMES, type MailStopKind } from '../../../schema/api/mail.ts';
import { formatDate, formatDateTime, formatDollars, formatDrk, formatNumber } from '../../../schema/format.ts';

// Every message the game sends, as one list of blocks per kind: the HTML part (MJML, so it reads
// well in every mail client) and the plain-text part are both made from the same blocks, so the two
// always say the same thing. Each carries the game's name and a link back to it.

export const GAME_NAME = 'Wanakt World';

/** Money an ad's buyer gets back: dollars for a card payment, DRK for a banner paid in DRK. */
export type Refund = { cents: number } | { drk: number };

export interface DigestLine {
  text: string;
  /** A page of the game, from its root ('/rent'). */
  link: string | null;
}

/** What each kind is rendered from; stored with the queued row (mail_messages.data). */
export interface MailData {
  ad_receipt: {
    title: string;
    territory: string;
    impressions: number;
    amountCents: number;
    token?: string;
    /** To an address not yet confirmed: the token that confirms it (docs/rules.md §11 "Mail"). */
    confirmToken?: string;
    maxDays: number;
  };
  ad_report: { title: string; territory: string | null; delivered: number; wanted: number; clicks: number; day: string; endsBy: string };
  ad_final: {
    title: string;
    territory: string | null;
    delivered: number;
    wanted: number;
    clicks: number;
    why: 'delivered' | 'expired';
    refund: Refund | null;
  };
  ad_refund: { title: string; territory: string | null; refund: Refund; why: 'rejected' | 'unreviewed'; hours: number };
  verify_email: { username: string; token?: string };
  /** To an address another account confirmed, when someone else sets it: no link, no name. */
  address_in_use: Record<string, never>;
  notice: { text: string; link: string | null };
  /** A player's card payment for DRK or a broadcast: what it bought, in the words of its notice. */
  payment_receipt: { what: string; amountCents: number; paymentId: string; paidAt: string };
  digest: {
    username: string;
    since: string;
    until: string;
    lines: DigestLine[];
    /** The DRK lines' sum: the statement's net over the same time. */
    net: number;
    rank: { then: number | null; now: number | null };
  };
}
export type MailKind = keyof MailData;

type Block = { p: string } | { rows: [string, string][] } | { lines: DigestLine[] };

interface Message {
  subject: string;
  heading: string;
  blocks: Block[];
  action?: { label: string; url: string };
}

/** Where links lead: the game's public origin, and this message's unsubscribe link if it has one. */
export interface MailLinks {
  origin: string;
  unsubscribeUrl: string | null;
}

// Characters that break a line, hide text or turn it round (bidirectional overrides, zero widths).
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]+/g;
const QUOTED_MAX_LENGTH = 200;

/**
 * Text a player or an advertiser wrote (an ad's title, a name, a notice that quotes one) as the
 * game's mail may carry it: one line, no control or invisible characters, and nothing a mail client
 * would turn into a link (`https://evil.example` reads `https[:]//evil[.]example`), so nobody can use
 * the game's own address to send phishing text or links.
 */
export function oneSafeLine(text: string): string {
  const line = text.replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  const short = line.length > QUOTED_MAX_LENGTH ? `${line.slice(0, QUOTED_MAX_LENGTH - 1)}…` : line;
  return short.replace(/:\/\//g, '[:]//').replace(/(?<=[\p{L}\p{N}_-])\.(?=\p{L})/gu, '[.]');
}

/** The same, in quotation marks: visibly someone's words, not the game's. */
export const quoted = (text: string) => `“${oneSafeLine(text)}”`;

/** An ad's figures as its reports show them. */
const adFigures = (ad: {
  title: string;
  territory: string | null;
  delivered: number;
  wanted: number;
  clicks: number;
}): [string, string][] => [
  ['Ad', quoted(ad.title)],
  ...(ad.territory ? [['Territory', ad.territory] as [string, string]] : []),
  ['Impressions delivered', `${formatNumber(ad.delivered)} of ${formatNumber(ad.wanted)}`],
  ['Clicks', formatNumber(ad.clicks)],
];

const rankText = (rank: number | null) => (rank === null ? 'unranked' : `#${formatNumber(rank)}`);

const refundText = (refund: Refund) => ('cents' in refund ? formatDollars(refund.cents) : formatDrk(refund.drk));

const MESSAGES: { [K in MailKind]: (data: MailData[K], origin: string) => Message } = {
  ad_receipt: (ad, origin) => ({
    subject: `Receipt: your ad ${quoted(ad.title)}`,
    heading: 'Thank you: your payment was received',
    blocks: [
      {
        rows: [
          ['Ad', quoted(ad.title)],
          ['Territory', ad.territory],
          ['Impressions', formatNumber(ad.impressions)],
          ['Amount paid', formatDollars(ad.amountCents)],
        ],
      },
      {
        p: `The ad is reviewed and activated within 24 hours; if it is not reviewed by then, the whole payment is refunded. It runs for at most ${ad.maxDays} days from its approval, and whatever share of its impressions is not delivered by then is refunded.`,
      },
      { p: 'The status page shows its impressions and clicks as they happen; keep this link, it is the key to that page.' },
      ...(ad.confirmToken
        ? [
            {
              p: 'This receipt is the only mail sent to this address until you confirm it on the status page: then the review result, the daily and final reports and any refund are mailed to you too. If you did not buy this ad, ignore this message and nothing more is sent.',
            },
          ]
        : []),
    ],
    action: ad.token
      ? ad.confirmToken
        ? {
            label: 'See your ad’s status and confirm this address',
            url: `${origin}${RECEIPT_PATH}${ad.token}?${CONFIRM_PARAM}=${ad.confirmToken}`,
          }
        : { label: 'See your ad’s status', url: `${origin}${RECEIPT_PATH}${ad.token}` }
      : undefined,
  }),
  ad_report: (ad) => ({
    subject: `Your ad ${quoted(ad.title)}: ${formatNumber(ad.delivered)} of ${formatNumber(ad.wanted)} impressions`,
    heading: `Daily report for ${formatDate(ad.day)}`,
    blocks: [
      {
        rows: [...adFigures(ad), ['Runs until at most', formatDateTime(ad.endsBy)]],
      },
    ],
  }),
  ad_final: (ad) => ({
    subject: `Final report: your ad ${quoted(ad.title)}`,
    heading: ad.why === 'delivered' ? 'Your ad delivered every impression' : 'Your ad reached the end of its run',
    blocks: [
      {
        rows: [...adFigures(ad), ...(ad.refund ? [['Refunded', refundText(ad.refund)] as [string, string]] : [])],
      },
      ...(ad.refund
        ? [
            {
              p: `${formatNumber(ad.wanted - ad.delivered)} impressions were not delivered, so their share of the price, ${refundText(ad.refund)}, was refunded.`,
            },
          ]
        : []),
    ],
  }),
  ad_refund: (ad) => ({
    subject: `Refunded: your ad ${quoted(ad.title)}`,
    heading: 'Your ad was refunded in full',
    blocks: [
      {
        p:
          ad.why === 'unreviewed'
            ? `Your ad ${quoted(ad.title)}${ad.territory ? ` on ${ad.territory}` : ''} was not reviewed within ${ad.hours} hours of its payment, so the whole of it, ${refundText(ad.refund)}, was refunded.`
            : `Your ad ${quoted(ad.title)}${ad.territory ? ` on ${ad.territory}` : ''} was rejected in review, so the whole of its price, ${refundText(ad.refund)}, was refunded.`,
      },
    ],
  }),
  verify_email: (account, origin) => ({
    subject: `Confirm your e-mail address for ${GAME_NAME}`,
    heading: `Hello ${quoted(account.username)}`,
    blocks: [
      {
        p: `Someone, probably you, gave this address to the ${GAME_NAME} account named ${quoted(account.username)}. Nothing is sent to it until it is confirmed.`,
      },
      { p: 'If it was not you, ignore this message: the address stays unconfirmed.' },
    ],
    action: account.token ? { label: 'Confirm this address', url: `${origin}/account?verify=${account.token}` } : undefined,
  }),
  address_in_use: (_nothing, origin) => ({
    subject: `Someone tried to use this address at ${GAME_NAME}`,
    heading: `Someone tried to use this address at ${GAME_NAME}`,
    blocks: [
      {
        p: `Someone just gave this address to a ${GAME_NAME} account, but it already belongs to a confirmed account, so it was not given to theirs and nothing else will be sent to them at it.`,
      },
      { p: 'If it was you, there is nothing to do: log in with the account the address belongs to. If not, ignore this message.' },
    ],
    action: { label: 'Open the game', url: `${origin}/` },
  }),
  notice: (notice, origin) => ({
    subject: oneSafeLine(notice.text),
    heading: oneSafeLine(notice.text),
    blocks: [],
    action: { label: 'Open the game', url: `${origin}${notice.link ?? '/'}` },
  }),
  payment_receipt: (payment, origin) => ({
    subject: `Receipt: your payment of ${formatDollars(payment.amountCents)}`,
    heading: 'Thank you: your payment was received',
    blocks: [
      {
        rows: [
          ['For', payment.what],
          ['Amount paid', formatDollars(payment.amountCents)],
          ['Paid', formatDateTime(payment.paidAt)],
          ['Payment', payment.paymentId],
        ],
      },
    ],
    action: { label: 'See your statement', url: `${origin}/account` },
  }),
  digest: (digest, origin) => ({
    subject: `${GAME_NAME}: what happened since ${formatDate(digest.since)}`,
    heading: `While you were away, ${quoted(digest.username)}`,
    blocks: [
      { p: `From ${formatDateTime(digest.since)} to ${formatDateTime(digest.until)}:` },
      { lines: digest.lines.map((line) => ({ ...line, text: oneSafeLine(line.text) })) },
      {
        rows: [
          ['Net change', `${digest.net > 0 ? '+' : digest.net < 0 ? '−' : ''}${formatDrk(Math.abs(digest.net))}`],
          ['Wealth rank', `${rankText(digest.rank.then)} then, ${rankText(digest.rank.now)} now`],
        ],
      },
    ],
    action: { label: 'Back to the game', url: `${origin}/` },
  }),
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function blockMjml(block: Block, origin: string): string {
  if ('p' in block) return `<mj-text>${escapeHtml(block.p)}</mj-text>`;
  if ('rows' in block) {
    const rows = block.rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 12px 4px 0;color:#64748b">${escapeHtml(label)}</td><td style="padding:4px 0"><strong>${escapeHtml(value)}</strong></td></tr>`,
      )
      .join('');
    return `<mj-table>${rows}</mj-table>`;
  }
  const items = block.lines
    .map((line) =>
      line.link ? `<li><a href="${escapeHtml(origin + line.link)}">${escapeHtml(line.text)}</a></li>` : `<li>${escapeHtml(line.text)}</li>`,
    )
    .join('');
  return `<mj-text><ul style="padding-left:18px;margin:0">${items}</ul></mj-text>`;
}

function blockText(block: Block, origin: string): string {
  if ('p' in block) return block.p;
  if ('rows' in block) return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  return block.lines.map((line) => `- ${line.text}${line.link ? ` (${origin}${line.link})` : ''}`).join('\n');
}

function footerLines(links: MailLinks, stopKind: MailStopKind | null): string[] {
  const lines = [`${GAME_NAME}: ${links.origin}/`];
  if (links.unsubscribeUrl && stopKind) lines.push(`To stop ${MAIL_STOP_KIND_NAMES[stopKind]}: ${links.unsubscribeUrl}`);
  return lines;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** One queued message as its recipient reads it: the HTML part and the plain-text part. */
export async function renderMail<K extends MailKind>(
  kind: K,
  data: MailData[K],
  links: MailLinks,
  stopKind: MailStopKind | null,
): Promise<RenderedMail> {
  const message = MESSAGES[kind](data, links.origin);
  const action = message.action
    ? `<mj-button href="${escapeHtml(message.action.url)}" background-color="#b45309" align="left">${escapeHtml(message.action.label)}</mj-button>`
    : '';
  const footer = [
    `<a href="${escapeHtml(links.origin)}/" style="color:#64748b">${GAME_NAME}</a>`,
    ...(links.unsubscribeUrl && stopKind
      ? [`<a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#64748b">Stop ${escapeHtml(MAIL_STOP_KIND_NAMES[stopKind])}</a>`]
      : []),
  ].join(' · ');
  const source = `<mjml>
  <mj-head><mj-title>${escapeHtml(message.subject)}</mj-title><mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /></mj-attributes></mj-head>
  <mj-body background-color="#f1f5f9">
    <mj-section background-color="#1e293b"><mj-column><mj-text color="#fbbf24" font-size="20px" font-weight="bold">${GAME_NAME}</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff"><mj-column>
      <mj-text font-size="18px" font-weight="bold">${escapeHtml(message.heading)}</mj-text>
      ${message.blocks.map((block) => blockMjml(block, links.origin)).join('\n      ')}
      ${action}
    </mj-column></mj-section>
    <mj-section><mj-column><mj-text font-size="12px" color="#64748b">${footer}</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict' });
  if (errors.length > 0)
    throw new Error(`The ${kind} template is not valid MJML: ${errors.map((error) => error.formattedMessage).join('; ')}`);
  const text = [
    GAME_NAME,
    '',
    message.heading,
    '',
    ...message.blocks.flatMap((block) => [blockText(block, links.origin), '']),
    ...(message.action ? [`${message.action.label}: ${message.action.url}`, ''] : []),
    '--',
    ...footerLines(links, stopKind),
  ].join('\n');
  return { subject: message.subject, html, text };
}
