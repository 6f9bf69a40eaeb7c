import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuRotateCcw } from 'react-icons/lu';
import { z } from 'zod';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { DeletedRow, SETUP_LISTS, SETUP_COLUMNS } from '@/contract/setup';
import { api } from '@/lib/api';
import { notify } from '@/lib/notify';
import { relative, resourceClient } from '@/lib/resource';
import { ENTITY_OPTIONS, entityTitle } from './entities';

const client = resourceClient(SETUP_LISTS.deleted.path, DeletedRow);

const columns: ListColumn<DeletedRow>[] = specColumns(SETUP_COLUMNS.deleted);

function RestoreButton({ row }: { row: DeletedRow }) {
  const [busy, setBusy] = useState(false);
  const restore = async () => {
    setBusy(true);
    try {
      await api.post(`${relative(row.resource)}/${row.id}/restore`, {}, z.unknown(), { quiet: true });
      notify({ tone: 'success', message: `${entityTitle(row.entity)}: ${row.label} restored.` });
      await refreshAll();
    } catch (e) {
      notify({ tone: 'warning', title: 'Restore failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="outline"
      loading={busy}
      onClick={() => void restore()}
      aria-label={`Restore ${row.label}`}
    >
      <LuRotateCcw aria-hidden /> Restore
    </Button>
  );
}

/** `/RestoreDeleted`: soft-deleted records of every setup list, restorable. */
export function RestoreDeletedPage() {
  return (
    <ListView
      client={client}
      info={SETUP_LISTS.deleted}
      noun="deleted record"
      plural="deleted records"
      columns={columns}
      filters={[{ field: 'entity', label: 'What', options: ENTITY_OPTIONS }]}
      rowId={(r) => `${r.entity}:${r.id}`}
      rowLabel={(r) => r.label}
      canWrite={false}
      deletable={false}
      extraActions={(r) => <RestoreButton row={r} />}
    />
  );
}
