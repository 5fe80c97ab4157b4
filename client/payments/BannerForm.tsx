import { useState, type FormEvent } from 'react';
import { BannerBody, type MyBannerDto } from '../../schema/api/ads.ts';
import { BANNER_DRK_PER_THOUSAND, BANNER_IMPRESSIONS, bannerCostDrk } from '../../schema/rules/store.ts';
import { ApiError, buyBanner, serverMessageOr } from '../api.ts';
import { formatDrk } from '../format.ts';
import { loadSession, useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import './payments.css';

interface BannerFormProps {
  /** Called with the new banner once it is paid for and waiting for review. */
  onCreated?: (banner: MyBannerDto) => void;
}

/** The dashboard's create-banner modal: a banner paid in DRK, reviewed before it runs (docs/rules.md §5). */
export function BannerForm({ onCreated }: BannerFormProps) {
  const account = useSession((state) => state.account);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
  const [impressions, setImpressions] = useState<number>(BANNER_IMPRESSIONS.default);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const isWanakt = account?.is_wanakt === true;
  const cost = isWanakt ? 0 : bannerCostDrk(impressions);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!account) {
      showToast({ variant: 'destructive', title: 'Login Required', description: 'Please log in to create a banner' });
      return;
    }
    const parsed = BannerBody.safeParse({ title, content, click_url: url, target_impressions: impressions });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the banner');
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      const banner = await buyBanner(parsed.data);
      showToast({
        title: 'Banner Submitted',
        description: `Your banner is in review and starts showing once the Wanakt approves it. ${formatDrk(banner.cost_drk)} paid.`,
      });
      void loadSession();
      onCreated?.(banner);
    } catch (error) {
      const short = error instanceof ApiError && error.status === 409;
      showToast({
        variant: 'destructive',
        title: short ? 'Insufficient Balance' : 'Banner Failed',
        description: serverMessageOr(error, 'Your banner could not be created.'),
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="form" data-testid="banner-form" onSubmit={submit} noValidate>
      <label className="field">
        <span>Title</span>
        <input name="banner-title" value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label className="field">
        <span>Content</span>
        <textarea name="banner-content" rows={3} value={content} maxLength={1000} onChange={(event) => setContent(event.target.value)} />
      </label>
      <label className="field">
        <span>Link (URL)</span>
        <input
          name="banner-url"
          type="url"
          placeholder="https://"
          value={url}
          maxLength={2000}
          onChange={(event) => setUrl(event.target.value)}
        />
      </label>
      <label className="field">
        <span>Target impressions</span>
        <input
          name="banner-impressions"
          type="number"
          min={BANNER_IMPRESSIONS.min}
          max={BANNER_IMPRESSIONS.max}
          step={100}
          value={impressions}
          onChange={(event) => {
            const value = Number.parseInt(event.target.value, 10);
            setImpressions(Number.isNaN(value) ? BANNER_IMPRESSIONS.default : value);
          }}
        />
      </label>
      <p className="field-hint" data-testid="banner-cost">
        {isWanakt
          ? "The treasury's own banners cost nothing."
          : `Cost: ${formatDrk(cost)} (${BANNER_DRK_PER_THOUSAND} DRK per 1,000 impressions), paid from your balance.`}
      </p>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <button className="button primary" type="submit" disabled={pending}>
        {pending ? 'Creating…' : `Create Banner${cost > 0 ? ` for ${formatDrk(cost)}` : ''}`}
      </button>
    </form>
  );
}
