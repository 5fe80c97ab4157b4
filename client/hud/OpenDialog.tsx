import { BannerAnalyticsModal, CreateBannerModal } from './BannerModals.tsx';
import { DescriptionDialog } from './DescriptionDialog.tsx';
import type { OpenDialog as Open } from './dialogs.ts';
import { EditTerritoryWindow } from './EditTerritoryWindow.tsx';
import { GiftDialog } from './GiftDialog.tsx';
import { ListingDialog } from './ListingDialog.tsx';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import { RulesDialog } from './RulesDialog.tsx';
import { UpgradeDialog } from './UpgradeDialog.tsx';
import { VisitAdPopup } from './VisitAdPopup.tsx';

// The open modal; keyed so reopening for another territory starts afresh. Loaded by Dialogs.tsx when a modal first opens.
export default function OpenDialog({ open, close }: { open: Open; close: () => void }) {
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
