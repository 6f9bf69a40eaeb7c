import { Badge, Button, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPencil, LuPlugZap } from 'react-icons/lu';
import { useCanWrite } from '@/app/access';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { formatDateTime, type ListColumn } from '@/app/ui/list/columns';
import { DataTable } from '@/app/ui/list/DataTable';
import { LoadError } from '@/app/ui/QueryState';
import type { StoreVpnRow } from '@/contract/store-vpn';
import { notify } from '@/lib/notify';
import { storeVpns, testStoreVpn } from './store-vpn.client';
import { StoreVpnForm } from './StoreVpnForm';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'never');
const columns: ListColumn<StoreVpnRow>[] = [
  { id: 'storeCode', header: 'Store', cell: (r) => `${r.storeCode} ${r.storeName}`, priority: 1 },
  { id: 'endpoint', header: 'Endpoint', cell: (r) => r.endpoint ?? <Badge colorPalette="gray">Not set up</Badge> },
  { id: 'subnet', header: 'Subnet', cell: (r) => r.subnet ?? '—' },
  {
    id: 'hasPrivateKey',
    header: 'Keys',
    cell: (r) =>
      r.endpoint === null
        ? '—'
        : `private ${r.hasPrivateKey ? 'set' : 'missing'}, pre-shared ${r.hasPresharedKey ? 'set' : 'none'}`,
  },
  { id: 'lastHandshakeAt', header: 'Last handshake', cell: (r) => when(r.lastHandshakeAt), priority: 2 },
  {
    id: 'lastTestAt',
    header: 'Last test',
    cell: (r) => (r.lastTestAt ? `${formatDateTime(r.lastTestAt)}: ${r.lastTestResult ?? ''}` : 'never'),
  },
];
const noSort = () => undefined;

/**
 * `/StoreVPN` (ThebigBoss, ADR 044): per store, the VPN that reaches its controller and gauge, the
 * last handshake its controller reported, and a test that the endpoint answers.
 */
export function StoreVpnPage() {
  const canWrite = useCanWrite('/StoreVPN');
  const q = useQuery({ queryKey: ['store-vpn'], queryFn: ({ signal }) => storeVpns(signal) });
  const [editing, setEditing] = useState<StoreVpnRow | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const test = async (r: StoreVpnRow) => {
    setTesting(r.storeId);
    try {
      const t = await testStoreVpn(r.storeId);
      notify({ tone: t.ok ? 'success' : 'danger', title: t.ok ? 'Endpoint answers' : 'No answer', message: t.message });
      await q.refetch();
    } catch (e) {
      notify({ tone: 'danger', title: 'Test failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setTesting(null);
    }
  };
  if (q.error)
    return <LoadError what="The stores' VPN settings" message={q.error.message} onRetry={() => void q.refetch()} />;
  const rows = q.data?.items ?? [];
  return (
    <>
      <Text color="fg.muted" mb="3">
        Each store&apos;s controller reads its VPN settings over its device key and reports its last handshake here.
      </Text>
      <DataTable
        caption="Store VPN settings"
        columns={columns}
        rows={rows}
        rowId={(r) => r.storeId}
        sortable={[]}
        sort="storeCode"
        onSort={noSort}
        visibility={{}}
        total={rows.length}
        pageSize={Math.max(rows.length, 1)}
        loading={q.isPending}
        rowLabel={(r) => r.storeCode}
        actions={(r) =>
          canWrite ? (
            <>
              <Button
                size="xs"
                variant="outline"
                onClick={() => setEditing(r)}
                aria-label={`Edit the VPN of ${r.storeCode}`}
              >
                <LuPencil aria-hidden /> {r.endpoint ? 'Edit' : 'Set up'}
              </Button>
              {r.endpoint && (
                <Button
                  size="xs"
                  variant="outline"
                  loading={testing === r.storeId}
                  onClick={() => void test(r)}
                  aria-label={`Test the VPN of ${r.storeCode}`}
                >
                  <LuPlugZap aria-hidden /> Test
                </Button>
              )}
            </>
          ) : null
        }
      />
      <FormDrawer open={!!editing} onClose={() => setEditing(null)}>
        {editing && (
          <StoreVpnForm
            row={editing}
            close={(saved) => {
              setEditing(null);
              if (saved) void q.refetch();
            }}
          />
        )}
      </FormDrawer>
    </>
  );
}
