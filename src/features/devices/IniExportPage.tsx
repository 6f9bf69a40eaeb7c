import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { SelectField } from '@/app/ui/form/fields';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { notify } from '@/lib/notify';
import { storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { saveFile } from '@/lib/resource';
import { downloadIni } from './client';

/**
 * `/ExportINIFile` (editor): a store's site-controller configuration as an INI file — the same data
 * the controller fetches (docs/controller-config.md).
 */
export function IniExportPage() {
  const reference = useReference();
  const [storeId, setStoreId] = useState('');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await downloadIni(storeId));
    } catch (e) {
      notify({ tone: 'danger', title: 'Export failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  if (reference.error)
    return <LoadError what="The stores" message={reference.error.message} onRetry={() => void reference.refetch()} />;
  if (!reference.data) return <Loading label="Loading stores" />;
  return (
    <Card.Root maxW="xl">
      <Card.Body>
        <Stack gap="4">
          <Text>
            The file holds the store, its pumps (tanks in code order) and products, the equipment and employees with
            their tags and PINs as salted hashes, and the allocations. Load it on the controller, or let the controller
            fetch the same data itself: a site controller registered under OTR devices reads it with its own key.
          </Text>
          <SelectField
            label="Store"
            placeholder="Choose a store"
            options={storeOptions(reference.data)}
            value={storeId}
            onChange={setStoreId}
          />
          <Button alignSelf="start" disabled={!storeId} loading={busy} onClick={() => void download()}>
            <LuDownload aria-hidden /> Download INI file
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
