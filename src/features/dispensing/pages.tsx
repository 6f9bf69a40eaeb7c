import { Tabs } from '@chakra-ui/react';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { ReferenceGate } from './CaptureFrame';
import { DipForm } from './DipForm';
import { DispenseForm } from './DispenseForm';
import { ReceiptForm } from './ReceiptForm';
import { TransferForm } from './TransferForm';

/** The field screens (SCREENS.md "Field work, offline-capable"); the route files render these. */

/**
 * `/QuickDispense`: the dispense form, and a "Tank dip" tab (`?tab=dip&tankId=…` opens it). Both
 * stay mounted once opened, so switching tabs never loses typed input.
 */
export function QuickDispensePage() {
  const search = useSearch({ strict: false }) as { tab?: unknown; tankId?: unknown };
  const [tab, setTab] = useState(search.tab === 'dip' ? 'dip' : 'dispense');
  const tankId = typeof search.tankId === 'string' ? search.tankId : undefined;
  return (
    <ReferenceGate>
      {(ref) => (
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line" size="lg">
          <Tabs.List mb="4">
            <Tabs.Trigger value="dispense" minH="12">Dispense</Tabs.Trigger>
            <Tabs.Trigger value="dip" minH="12">Tank dip</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="dispense" p="0"><DispenseForm reference={ref} variant="FAMS" /></Tabs.Content>
          <Tabs.Content value="dip" p="0"><DipForm reference={ref} tankId={tankId} /></Tabs.Content>
        </Tabs.Root>
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
