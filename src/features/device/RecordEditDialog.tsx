import { Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FieldRecordKind } from '@/contract/dispensing';
import type { ReferenceData } from '@/contract/setup/reference';
import type { InputOf, OutboxRecord } from '@/lib/offline/db';
import { RecordInvalidError, validatePayload } from '@/lib/offline/outbox';
import { resendRecord } from '@/lib/offline/records';
import { KIND_LABEL } from '@/lib/offline/summary';
import { equipmentName, tankName } from '@/lib/reference/labels';

/**
 * Fix-and-resend of a rejected record until its own screen can open it: the main fields of the
 * payload, choices from the reference cache, validated with the contract's schema, then queued
 * again under the same id.
 */

type FieldType = 'number' | 'text' | 'equipment' | 'tank' | 'optionalTank';
interface Spec {
  name: string;
  label: string;
  type: FieldType;
}

const FIELDS: Record<FieldRecordKind, Spec[]> = {
  dispenses: [
    { name: 'equipmentId', label: 'Equipment', type: 'equipment' },
    { name: 'tankId', label: 'Tank or pump', type: 'tank' },
    { name: 'litres', label: 'Litres', type: 'number' },
    { name: 'meter', label: 'Meter', type: 'number' },
    { name: 'note', label: 'Note', type: 'text' },
  ],
  transfers: [
    { name: 'fromTankId', label: 'From tank', type: 'tank' },
    { name: 'toTankId', label: 'To tank', type: 'optionalTank' },
    { name: 'litres', label: 'Litres', type: 'number' },
    { name: 'note', label: 'Note', type: 'text' },
  ],
  receipts: [
    { name: 'tankId', label: 'Tank', type: 'tank' },
    { name: 'supplier', label: 'Supplier', type: 'text' },
    { name: 'deliveryNote', label: 'Delivery note', type: 'text' },
    { name: 'litres', label: 'Litres', type: 'number' },
    { name: 'note', label: 'Note', type: 'text' },
  ],
  dips: [
    { name: 'tankId', label: 'Tank', type: 'tank' },
    { name: 'productHeightMm', label: 'Product height (mm)', type: 'number' },
    { name: 'note', label: 'Note', type: 'text' },
  ],
};

const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function toValue(type: FieldType, raw: string): unknown {
  if (type === 'number') return raw.trim() === '' ? null : Number(raw.replace(',', '.'));
  if (type === 'optionalTank') return raw || null;
  return raw;
}

function options(type: FieldType, ref: ReferenceData | undefined, current: string): Array<[string, string]> {
  const list: Array<[string, string]> =
    type === 'equipment'
      ? (ref?.equipment ?? []).map((e) => [e.id, equipmentName(ref, e.id)])
      : (ref?.tanks ?? []).map((t) => [t.id, tankName(ref, t.id)]);
  // The record's own value stays choosable even when the cache does not know it (any more).
  if (current && !list.some(([id]) => id === current))
    list.unshift([current, `Current value (${current.slice(0, 8)}…)`]);
  return list;
}

interface Props {
  rec: OutboxRecord | null;
  reference: ReferenceData | undefined;
  onClose: () => void;
}

export function RecordEditDialog({ rec, reference, onClose }: Props) {
  return (
    <Dialog.Root
      open={!!rec}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            {rec && <EditForm key={rec.id} rec={rec} reference={reference} onClose={onClose} />}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function EditForm({
  rec,
  reference,
  onClose,
}: {
  rec: OutboxRecord;
  reference: ReferenceData | undefined;
  onClose: () => void;
}) {
  const specs = FIELDS[rec.kind];
  const payload = rec.payload as Record<string, unknown>;
  const [values, setValues] = useState(() => Object.fromEntries(specs.map((f) => [f.name, asText(payload[f.name])])));
  const [errors, setErrors] = useState<Record<string, string[]>>(rec.fieldErrors ?? {});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const build = () => ({
    ...payload,
    ...Object.fromEntries(specs.map((f) => [f.name, toValue(f.type, values[f.name])])),
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    try {
      await validatePayload(rec.kind, build());
      setBusy(true);
      await resendRecord(rec.id, build() as InputOf);
      onClose();
    } catch (err) {
      if (err instanceof RecordInvalidError) setErrors(err.fieldErrors);
      else setFailure(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>Fix {KIND_LABEL[rec.kind].toLowerCase()} and send again</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Text fontSize="sm" color="red.fg">
            The server said: {rec.lastError ?? 'refused'}
          </Text>
          {specs.map((f) => {
            const error = errors[f.name]?.[0];
            const set = (v: string) => setValues((s) => ({ ...s, [f.name]: v }));
            return (
              <Field.Root key={f.name} invalid={!!error}>
                <Field.Label>{f.label}</Field.Label>
                {f.type === 'number' || f.type === 'text' ? (
                  <Input
                    value={values[f.name]}
                    inputMode={f.type === 'number' ? 'decimal' : undefined}
                    onChange={(ev) => set(ev.target.value)}
                  />
                ) : (
                  <NativeSelect.Root>
                    <NativeSelect.Field value={values[f.name]} onChange={(ev) => set(ev.target.value)}>
                      {f.type === 'optionalTank' && <option value="">None (bowser)</option>}
                      {options(f.type, reference, values[f.name]).map(([id, label]) => (
                        <option key={id} value={id}>
                          {label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )}
                <Field.ErrorText>{error}</Field.ErrorText>
              </Field.Root>
            );
          })}
          {errors._ && (
            <Text color="red.fg" fontSize="sm">
              {errors._[0]}
            </Text>
          )}
          {failure && (
            <Text color="red.fg" fontSize="sm" role="alert">
              {failure}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          Send again
        </Button>
      </Dialog.Footer>
    </form>
  );
}
