import { BannerAnalytics } from '../payments/BannerAnalytics.tsx';
import { BannerForm } from '../payments/BannerForm.tsx';
import { useAccount } from './territoryHooks.ts';
import { LoginRequired } from './LoginRequired.tsx';
import { Modal } from './Modal.tsx';

// The top bar's two banner modals; the payments work owns the form and the figures inside them.
export function CreateBannerModal({ onClose }: { onClose: () => void }) {
  const account = useAccount();
  return (
    <Modal
      title="Create Banner Ad"
      description="Your banner joins the rotation at the top of every player's map once approved."
      onClose={onClose}
      testId="create-banner"
    >
      {account ? <BannerForm onCreated={onClose} /> : <LoginRequired action="create a banner" />}
    </Modal>
  );
}

export function BannerAnalyticsModal({ onClose }: { onClose: () => void }) {
  const account = useAccount();
  return (
    <Modal
      title="Banner Analytics"
      description="Impressions, clicks and spend of your banners."
      onClose={onClose}
      testId="banner-analytics-modal"
      wide
    >
      {account ? <BannerAnalytics /> : <LoginRequired action="see your banners" />}
    </Modal>
  );
}
