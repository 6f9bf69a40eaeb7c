import { Badge, Box, Button, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField, TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { refreshAll } from '@/app/ui/list/useList';
import { EXCEPTION_LISTS, ExceptionRow, exceptionLabel } from '@/contract/exceptions';
import {
  INCIDENT_KIND_LABELS,
  INCIDENT_KINDS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STEPS,
  INCIDENT_TYPE_LABELS,
  INCIDENT_TYPES,
  IncidentCreate,
  IncidentUpdate,
  stepsFrom,
  type Incident,
  type IncidentStep,
} from '@/contract/incidents';
import { listResponse } from '@/contract/list';
import { api } from '@/lib/api';
import { fromZonedInput, toZonedInput } from '@/lib/datetime';
import { notify } from '@/lib/notify';
import { numberOrNull, textOf } from '@/lib/paths';
import { enumOptions, equipmentOptions, storeOptions, tankOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { incidentsClient } from './client';
import { Photos } from './Photos';

export const incidentLabel = (i: Incident) => i.title;
export const STATUS_PALETTE = { open: 'orange', in_progress: 'blue', closed: 'green' } as const;

const ExceptionPage = listResponse(ExceptionRow);

/** The store's unresolved exceptions, to link (linked ones are always offered). */
function useExceptionOptions(storeId: string, linked: Incident['exceptions']) {
  const q = useQuery({
    queryKey: ['incident-exceptions', storeId],
    enabled: !!storeId,
    queryFn: ({ signal }) =>
      api.get(EXCEPTION_LISTS.open.path.slice(1), ExceptionPage, {
        searchParams: { 'f.storeId': storeId, pageSize: 50, sort: '-raisedAt' },
        signal,
        quiet: true,
      }),
  });
  const seen = new Set<string>();
  return [...linked, ...(q.data?.items ?? [])]
    .filter((x) => !seen.has(x.id) && seen.add(x.id))
    .map((x) => ({
      value: x.id,
      label: `${exceptionLabel(x.code)} — ${x.message} (${new Date(x.raisedAt).toLocaleDateString()})`,
    }));
}

/** Start / close / reopen: each closes the form (the record's version moves on). */
function StatusBar({ row, close, dirty }: { row: Incident; close: (saved?: boolean) => void; dirty: boolean }) {
  const [busy, setBusy] = useState<IncidentStep | null>(null);
  const run = async (step: IncidentStep) => {
    setBusy(step);
    try {
      const r = await incidentsClient.step(row.id, step, row.version);
      notify({ tone: 'success', message: `“${r.title}” is ${INCIDENT_STATUS_LABELS[r.status].toLowerCase()}.` });
      void refreshAll();
      close(true);
    } catch (e) {
      notify({ tone: 'danger', title: 'Not changed', message: (e as Error).message });
    } finally {
      setBusy(null);
    }
  };
  return (
    <HStack gap="3" flexWrap="wrap" borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
      <Text>
        Status{' '}
        <Badge colorPalette={STATUS_PALETTE[row.status]} size="md">
          {INCIDENT_STATUS_LABELS[row.status]}
        </Badge>
      </Text>
      <Box flex="1" />
      {stepsFrom(row.status).map((s) => (
        <Button
          key={s}
          size="sm"
          variant={s === 'close' ? 'solid' : 'outline'}
          loading={busy === s}
          disabled={!!busy || dirty}
          title={dirty ? 'Save or undo your changes first' : undefined}
          onClick={() => void run(s)}
        >
          {s === 'close' ? (row.kind === 'callout' ? 'Close call-out' : 'Close incident') : INCIDENT_STEPS[s].label}
        </Button>
      ))}
    </HStack>
  );
}

/** `/IncidentReport`'s form: the incident or call-out, its links, photos and status. */
export function IncidentForm({ row, close }: RecordFormProps<Incident>) {
  const { data: ref } = useReference();
  const [pending, setPending] = useState<File[]>([]);
  const [current, setCurrent] = useState(row);
  // Every time is the store's (as in the list and the daily report): the inputs show and read the
  // wall clock of the chosen store's zone.
  const zoneOf = (storeId: string) => ref?.stores.find((s) => s.id === storeId)?.timezone ?? null;
  // A new record's "When" starts at now; until the user edits it, choosing a store shows now in its zone.
  const now = useRef({ at: new Date().toISOString(), text: '' });

  /** Sends the chosen photos after the record is saved; a refused photo is said, the rest go on. */
  const withPhotos = async (saved: Incident): Promise<Incident> => {
    let r = saved;
    for (const file of pending) {
      try {
        r = await incidentsClient.addPhoto(r.id, file);
      } catch (e) {
        notify({ tone: 'warning', title: `Photo ${file.name} not added`, message: (e as Error).message });
      }
    }
    return r;
  };
  const draft = (i: Incident | null) => {
    const zone = i?.storeZone ?? null;
    const at = (v: string | null | undefined) => (v ? toZonedInput(v, zone) : '');
    if (!i && !now.current.text) now.current.text = toZonedInput(now.current.at, null);
    return draftOf(i, at, i ? at(i.occurredAt) : now.current.text);
  };
  const draftOf = (i: Incident | null, at: (v: string | null | undefined) => string, occurredAt: string) => ({
    kind: i?.kind ?? 'incident',
    type: i?.type ?? '',
    severity: i?.severity ?? 'medium',
    storeId: i?.storeId ?? '',
    tankId: i?.tankId ?? '',
    equipmentId: i?.equipmentId ?? '',
    occurredAt,
    title: i?.title ?? '',
    description: i?.description ?? '',
    technician: i?.technician ?? '',
    company: i?.company ?? '',
    calledAt: at(i?.calledAt),
    arrivedAt: at(i?.arrivedAt),
    leftAt: at(i?.leftAt),
    cost: textOf(i?.cost),
    exceptionIds: i?.exceptionIds ?? [],
  });
  const form = useRecordForm({
    row,
    close,
    client: {
      create: async (body) => withPhotos(await incidentsClient.create(body)),
      update: async (id, body) => withPhotos(await incidentsClient.update(id, body)),
    },
    noun: 'incident',
    nounOf: (r) => (r.kind === 'callout' ? 'call-out' : 'incident'),
    label: incidentLabel,
    draft,
    create: IncidentCreate,
    update: IncidentUpdate,
    toBody: (d: ReturnType<typeof draft>) => {
      const callout = d.kind === 'callout';
      const zone = zoneOf(d.storeId);
      const time = (v: string) => (callout && v ? fromZonedInput(v, zone) || v : null);
      return {
        ...d,
        tankId: d.tankId || null,
        equipmentId: d.equipmentId || null,
        occurredAt: fromZonedInput(d.occurredAt, zone) || d.occurredAt,
        technician: callout ? d.technician : null,
        company: callout ? d.company : null,
        calledAt: time(d.calledAt),
        arrivedAt: time(d.arrivedAt),
        leftAt: time(d.leftAt),
        cost: callout ? numberOrNull(d.cost) : null,
      };
    },
  });
  const v = form.values;
  const zone = zoneOf(v.storeId);
  const storeField = form.text('storeId');
  const chooseStore = (id: string) => {
    storeField.onChange(id);
    if (!row && v.occurredAt === now.current.text) {
      now.current.text = toZonedInput(now.current.at, zoneOf(id));
      form.set('occurredAt', now.current.text);
    }
  };
  const storeTime = zone ? `Store time (${zone})` : 'Store time: choose the store';
  const exceptionOptions = useExceptionOptions(v.storeId, current?.exceptions ?? []);
  const closed = current?.status === 'closed';
  const reload = async () => {
    if (current) setCurrent(await incidentsClient.get(current.id));
  };

  return (
    <FormShell
      form={form}
      title={recordTitle(v.kind === 'callout' ? 'call-out' : 'incident', row, incidentLabel)}
      onClose={() => close()}
    >
      {current && <StatusBar row={current} close={close} dirty={form.dirty || pending.length > 0} />}
      {closed && <Text color="fg.muted">This record is closed. Reopen it to change it.</Text>}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField label="Kind" options={enumOptions(INCIDENT_KINDS, INCIDENT_KIND_LABELS)} {...form.text('kind')} />
        <SelectField
          label="Type"
          placeholder="Choose…"
          options={enumOptions(INCIDENT_TYPES, INCIDENT_TYPE_LABELS)}
          {...form.text('type')}
        />
        <SelectField
          label="Severity"
          options={enumOptions(INCIDENT_SEVERITIES, INCIDENT_SEVERITY_LABELS)}
          {...form.text('severity')}
        />
        <TextField label="When" type="datetime-local" helper={storeTime} {...form.text('occurredAt')} />
        <SelectField
          label="Store"
          placeholder="Choose…"
          options={storeOptions(ref)}
          {...storeField}
          onChange={chooseStore}
        />
        <SelectField
          label="Tank"
          placeholder={v.storeId ? 'No tank' : 'Choose a store first'}
          options={v.storeId ? tankOptions(ref, v.storeId) : []}
          {...form.text('tankId')}
        />
        <SelectField
          label="Equipment"
          placeholder="None"
          options={equipmentOptions(ref)}
          {...form.text('equipmentId')}
        />
      </SimpleGrid>
      <TextField label="Title" {...form.text('title')} />
      <TextareaField label="Description" rows={3} {...form.text('description')} />
      {v.kind === 'callout' && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField label="Technician" {...form.text('technician')} />
          <TextField label="Company" {...form.text('company')} />
          <TextField label="Called at" type="datetime-local" helper={storeTime} {...form.text('calledAt')} />
          <TextField label="Arrived at" type="datetime-local" helper={storeTime} {...form.text('arrivedAt')} />
          <TextField label="Left at" type="datetime-local" helper={storeTime} {...form.text('leftAt')} />
          <TextField label="Cost" inputMode="decimal" {...form.text('cost')} />
        </SimpleGrid>
      )}
      {current && current.exceptions.length > 0 && (
        <Stack gap="1">
          <Text fontWeight="semibold">Linked exceptions</Text>
          {current.exceptions.map((x) => (
            <Link key={x.id} asChild colorPalette="blue" fontSize="sm">
              <RouterLink to="/Exceptions" search={{ open: x.id }}>
                {exceptionLabel(x.code)} — {x.message} ({x.status})
              </RouterLink>
            </Link>
          ))}
        </Stack>
      )}
      {v.storeId && (
        <CheckboxGroupField
          legend="Link exceptions"
          helper={exceptionOptions.length ? undefined : 'No open exceptions at this store.'}
          options={exceptionOptions}
          value={v.exceptionIds}
          onChange={(ids) => form.set('exceptionIds', ids)}
          error={form.text('exceptionIds').error}
          columns={{ base: 1 }}
        />
      )}
      <Photos
        incidentId={current?.id ?? null}
        photos={current?.photos ?? []}
        pending={pending}
        onPending={setPending}
        onRemoved={() => void reload()}
        disabled={closed}
      />
    </FormShell>
  );
}
