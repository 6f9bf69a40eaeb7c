import { Alert, Button, Card, Flex, List, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuNfc } from 'react-icons/lu';
import { TextField } from '@/app/ui/Fields';
import { TextareaField } from '@/app/ui/form/fields';
import { refreshAll } from '@/app/ui/list/useList';
import { splitTags, type RegisterTagsResponse } from '@/contract/devices-tags';
import { notify } from '@/lib/notify';
import { registerTags } from './client';

interface NdefReader {
  scan(): Promise<void>;
  onreading: ((e: { serialNumber: string }) => void) | null;
}
const nfcReader = (): NdefReader | null => {
  const Ctor = (window as unknown as { NDEFReader?: new () => NdefReader }).NDEFReader;
  return Ctor ? new Ctor() : null;
};

/**
 * Registering tags: a keyboard-wedge reader types into "Scan a tag" and ends with Enter (each scan
 * is registered at once); a list can be pasted; Web NFC reads a tag's serial where the browser has
 * it. Duplicates (already registered, or listed twice) are listed after each registration.
 */
export function TagScanner() {
  const [scan, setScan] = useState('');
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RegisterTagsResponse | null>(null);
  const [nfc, setNfc] = useState(false);

  const register = async (list: string[]) => {
    if (!list.length) return;
    setBusy(true);
    try {
      const r = await registerTags(list);
      setResult(r);
      notify({ tone: 'success', message: `${r.created.length} tag${r.created.length === 1 ? '' : 's'} registered.` });
      await refreshAll();
      return true;
    } catch (e) {
      notify({ tone: 'danger', title: 'Register failed', message: e instanceof Error ? e.message : String(e) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const startNfc = async () => {
    const reader = nfcReader();
    if (!reader) return;
    try {
      await reader.scan();
      setNfc(true);
      reader.onreading = (e) => void register([e.serialNumber]);
    } catch (e) {
      notify({ tone: 'warning', title: 'NFC', message: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <form
            aria-label="Register a scanned tag"
            onSubmit={(e) => {
              e.preventDefault();
              void register(splitTags(scan)).then((ok) => ok && setScan(''));
            }}
          >
            <Flex gap="2" align="end" wrap="wrap">
              <TextField
                label="Scan a tag"
                value={scan}
                onChange={setScan}
                autoComplete="off"
                helper="Focus here and scan: the reader types the tag and Enter"
              />
              <Button type="submit" loading={busy} disabled={!scan.trim()}>
                Register
              </Button>
              {typeof window !== 'undefined' && 'NDEFReader' in window && (
                <Button variant="outline" onClick={() => void startNfc()} disabled={nfc}>
                  <LuNfc aria-hidden /> {nfc ? 'NFC on: hold a tag to the phone' : 'Scan with NFC'}
                </Button>
              )}
            </Flex>
          </form>
          <TextareaField
            label="Paste tags"
            value={pasted}
            onChange={setPasted}
            rows={3}
            helper="One per line, or separated by commas"
          />
          <Button
            alignSelf="start"
            variant="outline"
            loading={busy}
            disabled={!splitTags(pasted).length}
            onClick={() => void register(splitTags(pasted)).then((ok) => ok && setPasted(''))}
          >
            Register {splitTags(pasted).length || ''} pasted tags
          </Button>
          {result && result.duplicates.length > 0 && (
            <Alert.Root status="warning" role="status">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Not registered again ({result.duplicates.length})</Alert.Title>
                <Alert.Description>
                  <List.Root ps="4">
                    {result.duplicates.map((d) => (
                      <List.Item key={`${d.tag}-${d.reason}`}>
                        {d.tag}: {d.reason.toLowerCase()}
                      </List.Item>
                    ))}
                  </List.Root>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
