import { Stack, Text } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SwitchField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { StoreVpnInput, type StoreVpnRow } from '@/contract/store-vpn';
import { saveStoreVpn } from './store-vpn.client';

type Draft = {
  endpoint: string;
  subnet: string;
  publicKey: string;
  privateKey: string;
  presharedKey: string;
  clearPresharedKey: boolean;
};

/**
 * A store's VPN settings. The private and pre-shared keys are write-only: the form says whether one
 * is set, and an empty box keeps it; typing a key replaces it.
 */
export function StoreVpnForm({ row, close }: { row: StoreVpnRow; close: (saved?: boolean) => void }) {
  const form = useResourceForm<Draft, StoreVpnRow>({
    initial: {
      endpoint: row.endpoint ?? '',
      subnet: row.subnet ?? '',
      publicKey: row.publicKey ?? '',
      privateKey: '',
      presharedKey: '',
      clearPresharedKey: false,
    },
    toBody: (d) => ({
      endpoint: d.endpoint,
      subnet: d.subnet,
      publicKey: d.publicKey,
      ...(d.privateKey.trim() ? { privateKey: d.privateKey } : {}),
      ...(d.presharedKey.trim() ? { presharedKey: d.presharedKey } : {}),
      ...(d.clearPresharedKey ? { clearPresharedKey: true } : {}),
    }),
    schema: StoreVpnInput,
    save: (body) => saveStoreVpn(row.storeId, body),
    onSaved: () => close(true),
    savedMessage: (r) => `VPN of ${r.storeCode} saved.`,
  });
  const secret = (set: boolean) => (set ? 'Set — type a new key to replace it' : 'Not set');
  return (
    <FormShell form={form} title={`VPN of ${row.storeCode} ${row.storeName}`} onClose={() => close()}>
      <Stack gap="4">
        <TextField
          label="Endpoint"
          placeholder="vpn.example.com:51820"
          helper="The store's VPN address and port"
          {...form.text('endpoint')}
        />
        <TextField label="Subnet" placeholder="10.8.3.0/24" helper="The store's network" {...form.text('subnet')} />
        <TextField label="Public key" fontFamily="mono" {...form.text('publicKey')} />
        <TextField
          label="Private key"
          type="password"
          autoComplete="off"
          fontFamily="mono"
          placeholder={row.hasPrivateKey ? '••••••••' : ''}
          helper={secret(row.hasPrivateKey)}
          {...form.text('privateKey')}
        />
        <TextField
          label="Pre-shared key"
          type="password"
          autoComplete="off"
          fontFamily="mono"
          placeholder={row.hasPresharedKey ? '••••••••' : ''}
          helper={`${secret(row.hasPresharedKey)} (optional)`}
          {...form.text('presharedKey')}
        />
        {row.hasPresharedKey && <SwitchField label="Remove the pre-shared key" {...form.flag('clearPresharedKey')} />}
        <Text color="fg.muted" fontSize="sm">
          Keys are stored encrypted and are never shown again; only the store&apos;s controller receives them.
        </Text>
      </Stack>
    </FormShell>
  );
}
