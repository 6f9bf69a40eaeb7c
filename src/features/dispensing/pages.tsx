import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { FormSkeleton, ReferenceGate } from './CaptureFrame';
import { DispenseForm } from './DispenseForm';
import { FieldTabs } from './FieldTabs';
import { ReceiptForm } from './ReceiptForm';
import { TransferForm } from './TransferForm';

const quickDispense = getRouteApi('/_app/QuickDispense');
// The dip tab's code loads when the tab is first chosen (its panel mounts then), not with the
// dispense form (ADR 017); offline it comes from the first precache like the route's own chunk.
const DipForm = lazy(() => import('./DipForm').then((m) => ({ default: m.DipForm })));

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
            {
              value: 'dip',
              label: 'Tank dip',
              panel: (
                <Suspense fallback={<FormSkeleton />}>
                  <DipForm reference={ref} tankId={tankId} />
                </Suspense>
              ),
            },
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
