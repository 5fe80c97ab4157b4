import { useEffect } from 'react';
import type { AdDto } from '../../schema/api/ads.ts';
import { Modal } from './Modal.tsx';

// docs/rules.md §4 "Visit ad popup": closes automatically after 5 seconds.
export const VISIT_AD_SECONDS = 5;

interface VisitAdPopupProps {
  ad: AdDto;
  onClose: () => void;
}

export function VisitAdPopup({ ad, onClose }: VisitAdPopupProps) {
  useEffect(() => {
    const timer = setTimeout(onClose, VISIT_AD_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [ad.id, onClose]);

  return (
    <Modal title={ad.title} description="Sponsored" onClose={onClose} testId="visit-ad">
      <p className="ad-content">{ad.content}</p>
      {ad.click_url && (
        <a className="button primary" href={ad.click_url} target="_blank" rel="noopener noreferrer sponsored">
          Learn more
        </a>
      )}
      <p className="muted small">Closes in {VISIT_AD_SECONDS} seconds.</p>
    </Modal>
  );
}
