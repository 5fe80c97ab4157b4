import { BannerAnalyticsModal, CreateBannerModal } from './BannerModals.tsx';
import { DescriptionDialog } from './DescriptionDialog.tsx';
import { useDialogs } from './dialogs.ts';
import { EditTerritoryWindow } from './EditTerritoryWindow.tsx';
import { GiftDialog } from './GiftDialog.tsx';
import { ListingDialog } from './ListingDialog.tsx';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import { RulesDialog } from './RulesDialog.tsx';
import { UpgradeDialog } from './UpgradeDialog.tsx';
import { VisitAdPopup } from './VisitAdPopup.tsx';

// Renders whichever modal is open; keyed so reopening for another territory starts afresh.
export function Dialogs() {
  const open = useDialogs((state) => state.open);
  const close = useDialogs((state) => state.close);
  if (!open) return null;
  switch (open.kind) {
    case 'description':
      return <DescriptionDialog key={open.territoryId} territoryId={open.territoryId} onClose={close} />;
    case 'purchase':
      return <PurchaseDialog key={open.territoryId} territoryId={open.territoryId} onClose={close} />;
    case 'listing':
      return <ListingDialog key={open.territoryId} territoryId={open.territoryId} onClose={close} />;
    case 'upgrade':
      return <UpgradeDialog key={open.territoryId} territoryId={open.territoryId} onClose={close} />;
    case 'gift':
      return <GiftDialog key={open.territoryId} territoryId={open.territoryId} onClose={close} />;
    case 'rules':
      return <RulesDialog key={open.territoryId} territoryId={open.territoryId} onClose={close} />;
    case 'edit-territory':
      return <EditTerritoryWindow key={open.territoryId} territoryId={open.territoryId} onClose={close} />;
    case 'visit-ad':
      return <VisitAdPopup key={open.ad.id} ad={open.ad} onClose={close} />;
    case 'create-banner':
      return <CreateBannerModal onClose={close} />;
    case 'banner-analytics':
      return <BannerAnalyticsModal onClose={close} />;
  }
}
