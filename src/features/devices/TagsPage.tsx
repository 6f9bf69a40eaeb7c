import { Badge, Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuLink, LuUnlink } from 'react-icons/lu';
import { useCanWrite } from '@/app/access';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { TAG_COLUMNS, TAG_HOLDER_KINDS, TAG_HOLDER_LABELS, TAGS_LIST, type TagRow } from '@/contract/devices-tags';
import { notify } from '@/lib/notify';
import { enumOptions, YES_NO } from '@/lib/reference/labels';
import { AssignTagForm } from './AssignTagForm';
import { tags, unassignTag } from './client';
import { TagScanner } from './TagScanner';

const columns: ListColumn<TagRow>[] = specColumns(TAG_COLUMNS, {
  holderKind: {
    cell: (t) => (t.holderKind ? TAG_HOLDER_LABELS[t.holderKind] : <Badge colorPalette="orange">Unassigned</Badge>),
  },
});
const filters = [
  { field: 'assigned', label: 'Assigned', options: YES_NO },
  { field: 'holderKind', label: 'Holder', options: enumOptions(TAG_HOLDER_KINDS, TAG_HOLDER_LABELS) },
];

/**
 * `/ScanTags` (ThebigBoss): every tag of the account — those the equipment and employee forms gave
 * and those registered here (scan, paste, NFC) — with its holder; assign and unassign.
 */
export function TagsPage() {
  const canWrite = useCanWrite(TAGS_LIST.screen);
  const [assigning, setAssigning] = useState<TagRow | null>(null);
  const unassign = async (t: TagRow) => {
    try {
      await unassignTag(t.id);
      notify({ tone: 'success', message: `Tag ${t.tag} unassigned.` });
      await refreshAll();
    } catch (e) {
      notify({ tone: 'danger', title: 'Unassign failed', message: e instanceof Error ? e.message : String(e) });
    }
  };
  const actions = (t: TagRow) =>
    !canWrite ? null : t.holderKind ? (
      <Button size="xs" variant="outline" onClick={() => void unassign(t)} aria-label={`Unassign ${t.tag}`}>
        <LuUnlink aria-hidden /> Unassign
      </Button>
    ) : (
      <Button size="xs" variant="outline" onClick={() => setAssigning(t)} aria-label={`Assign ${t.tag}`}>
        <LuLink aria-hidden /> Assign
      </Button>
    );
  return (
    <Stack gap="4">
      {canWrite && <TagScanner />}
      <ListView
        client={tags}
        info={TAGS_LIST}
        noun="tag"
        plural="tags"
        columns={columns}
        filters={filters}
        rowLabel={(t) => t.tag}
        canWrite={false}
        deletable={false}
        extraActions={actions}
      />
      <FormDrawer open={!!assigning} onClose={() => setAssigning(null)}>
        {assigning && <AssignTagForm row={assigning} close={() => setAssigning(null)} />}
      </FormDrawer>
    </Stack>
  );
}
