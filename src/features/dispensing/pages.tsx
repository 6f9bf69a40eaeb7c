import { ReferenceGate } from './CaptureFrame';
import { DispenseForm } from './DispenseForm';
import { ReceiptForm } from './ReceiptForm';
import { TransferForm } from './TransferForm';

/** The field screens (SCREENS.md "Field work, offline-capable"); the route files render these. */

export function QuickDispensePage() {
  return <ReferenceGate>{(ref) => <DispenseForm reference={ref} variant="FAMS" />}</ReferenceGate>;
}

export function QuickDispense24Page() {
  return <ReferenceGate>{(ref) => <DispenseForm reference={ref} variant="FAMS24" />}</ReferenceGate>;
}

export function TransfersPage() {
  return <ReferenceGate>{(ref) => <TransferForm reference={ref} />}</ReferenceGate>;
}

export function ManualReceiptsPage() {
  return <ReferenceGate>{(ref) => <ReceiptForm reference={ref} />}</ReferenceGate>;
}
