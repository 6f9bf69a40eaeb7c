import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ReferenceGate } from './CaptureFrame';
import { DipForm } from './DipForm';
import { DispenseForm } from './DispenseForm';
import { FieldTabs } from './FieldTabs';
import { ReceiptForm } from './ReceiptForm';
import { TransferForm } from './TransferForm';

const quickDispense = getRouteApi('/_app/QuickDispense');

/** The field screens (SCREENS.md "Field work, offline-capable"); the route files render these. */

/**
 * `/QuickDispense`: the dispense form, and a "Tank dip" tab (`?tab=dip&tankId=…` opens it). Both
 * stay mounted once opened, so switching tabs never loses typed input.
 */
export function QuickDispensePage() {
  const search = quickDispense.useSearch();
  const [tab, setTab] = useState(search.tab === 'dip' ? 'dip' : 'dispense');
  const tankId = search.tankId;
  return (
    <ReferenceGate>
      {(ref) => (
        <FieldTabs
          value={tab}
          onChange={setTab}
          tabs={[
            { value: 'dispense', label: 'Dispense', panel: <DispenseForm reference={ref} variant="FAMS" /> },
            { value: 'dip', label: 'Tank dip', panel: <DipForm reference={ref} tankId={tankId} /> },
          ]}
        />
      )}
    </ReferenceGate>
  );
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
