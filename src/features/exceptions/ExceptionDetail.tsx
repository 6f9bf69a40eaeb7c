import { Badge, Box, Button, DataList, Drawer, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessage } from '@/app/ui/FormMessage';
import { FormLoadState } from '@/app/ui/form/FormShell';
import { SelectField, TextareaField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { formatDateTime } from '@/app/ui/list/columns';
import { refreshAll } from '@/app/ui/list/useList';
import { CommentInput, type Evidence, type ExceptionDetail as Detail } from '@/contract/exceptions';
import { ApiError } from '@/lib/api';
import { goTo } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { EXCEPTION_KEYS, exceptionsApi } from './client';
import { hours, reasonOf, SEVERITY_LABELS, SEVERITY_PALETTE, STATUS_LABELS, subjectOf, whatOf } from './present';

const ACTION_WORDS: Record<Detail['events'][number]['action'], string> = {
  raised: 'Raised',
  acknowledged: 'Acknowledged',
  assigned: 'Assigned to',
  commented: 'Comment',
  resolved: 'Resolved',
  reopened: 'Reopened',
  continued: 'Found again',
};

const hrefOf = (e: Evidence) => {
  const q = new URLSearchParams(e.search).toString();
  return q ? `${e.screen}?${q}` : e.screen;
};

/** Refreshes what a step changes: this drawer, the lists and the open count. */
function useRefresh(id: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: EXCEPTION_KEYS.detail(id) });
    void qc.invalidateQueries({ queryKey: EXCEPTION_KEYS.count });
    void refreshAll();
  };
}

/**
 * One exception in full (drawer body): what it is about, the records and readings that raised it
 * (links to their screens), its timeline, and the steps its state allows: acknowledge, assign,
 * comment, resolve (its own form) or, once resolved, reopen.
 */
export function ExceptionDetail({ id, onResolve }: { id: string; onResolve: (id: string) => void }) {
  const { data, error, refetch } = useQuery({
    queryKey: EXCEPTION_KEYS.detail(id),
    queryFn: ({ signal }) => exceptionsApi.detail(id, signal),
  });
  const refresh = useRefresh(id);
  if (!data) return <FormLoadState title="Exception" error={error?.message} onRetry={() => void refetch()} />;
  const resolved = data.status === 'resolved';
  const facts: [string, string][] = [
    ['Raised', formatDateTime(data.raisedAt)],
    ['About', subjectOf(data) || '—'],
    ['Employee', data.employeeName ?? '—'],
    ['Status', STATUS_LABELS[data.status]],
    ['Assigned to', data.assignedToName ?? 'Nobody'],
    ...(resolved
      ? ([
          ['Resolved', `${formatDateTime(data.resolvedAt!)} by ${data.resolvedByName ?? 'system'}`],
          ['Reason', [reasonOf(data), data.resolution].filter(Boolean).join(': ')],
          ['Time to resolve', hours(data.hoursToResolve)],
        ] as [string, string][])
      : []),
  ];
  return (
    <>
      <Drawer.Header borderBottomWidth="1px" pe="12">
        <Stack gap="1">
          <Drawer.Title>{whatOf(data)}</Drawer.Title>
          <Flex gap="2">
            <Badge colorPalette={SEVERITY_PALETTE[data.severity]}>{SEVERITY_LABELS[data.severity]}</Badge>
            <Badge>{STATUS_LABELS[data.status]}</Badge>
          </Flex>
        </Stack>
      </Drawer.Header>
      <Drawer.Body py="4">
        <Stack gap="6">
          <Text>{data.message}</Text>
          <DataList.Root orientation="horizontal" size="sm" gap="2">
            {facts.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <LinkSection name="Evidence" title="What raised it" links={data.evidence} />
          <LinkSection name="Incidents" title="Linked incidents" links={data.incidents} />
          {!resolved && <Steps detail={data} refresh={refresh} />}
          <Comment id={id} refresh={refresh} />
          <Box as="section" aria-label="Timeline">
            <Heading as="h3" size="sm" mb="2">
              Timeline
            </Heading>
            <Stack as="ol" gap="2" listStyleType="none">
              {data.events.map((e, i) => (
                <Box as="li" key={i} fontSize="sm">
                  <Text>
                    <Text as="span" fontWeight="semibold">
                      {ACTION_WORDS[e.action]}
                    </Text>
                    {e.action === 'assigned' ? ` ${e.text}` : ''}
                  </Text>
                  <Text color="fg.muted">
                    {formatDateTime(e.at)}
                    {e.userName ? ` · ${e.userName}` : ''}
                  </Text>
                  {e.action !== 'assigned' && e.text && <Text>{e.text}</Text>}
                </Box>
              ))}
            </Stack>
          </Box>
        </Stack>
      </Drawer.Body>
      <Drawer.Footer borderTopWidth="1px">
        <Flex gap="2" justify="end" w="full" wrap="wrap">
          {resolved ? <Reopen id={id} refresh={refresh} /> : <Button onClick={() => onResolve(id)}>Resolve…</Button>}
        </Flex>
      </Drawer.Footer>
    </>
  );
}

/** A step that is one click: busy while it runs, a 409 (someone moved it meanwhile) said and refreshed. */
function useStep(refresh: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async (what: string, call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      notify({ tone: 'success', message: what });
    } catch (e) {
      notify({
        tone: 'warning',
        title: 'Not done',
        message: e instanceof ApiError || e instanceof Error ? e.message : String(e),
      });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return { busy, run };
}

function Steps({ detail, refresh }: { detail: Detail; refresh: () => void }) {
  const { busy, run } = useStep(refresh);
  const { data } = useQuery({
    queryKey: EXCEPTION_KEYS.assignees,
    queryFn: ({ signal }) => exceptionsApi.assignees(signal),
    staleTime: 60_000,
  });
  const options = (data?.items ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  return (
    <Flex gap="3" align="end" wrap="wrap">
      {detail.status === 'open' && (
        <Button
          variant="outline"
          loading={busy}
          onClick={() => void run('Acknowledged.', () => exceptionsApi.acknowledge(detail.id))}
        >
          Acknowledge
        </Button>
      )}
      <Box minW="56" flex="1">
        <SelectField
          label="Assigned to"
          placeholder="Nobody"
          options={options}
          disabled={busy}
          value={detail.assignedTo === null ? '' : String(detail.assignedTo)}
          onChange={(v) =>
            void run(v ? `Assigned to ${options.find((o) => o.value === v)?.label ?? v}.` : 'Assignment removed.', () =>
              exceptionsApi.assign(detail.id, v ? Number(v) : null),
            )
          }
        />
      </Box>
    </Flex>
  );
}

function Comment({ id, refresh }: { id: string; refresh: () => void }) {
  const [key, setKey] = useState(0);
  return (
    <CommentForm
      key={key}
      id={id}
      done={() => {
        setKey((k) => k + 1);
        refresh();
      }}
    />
  );
}

function CommentForm({ id, done }: { id: string; done: () => void }) {
  const form = useResourceForm<{ text: string }, unknown>({
    initial: { text: '' },
    toBody: (d) => d,
    schema: CommentInput,
    save: (body) => exceptionsApi.comment(id, (body as { text: string }).text),
    onSaved: done,
    savedMessage: () => 'Comment added.',
  });
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-label="Add a comment">
      <Stack gap="2">
        <FormMessage message={form.message} />
        <TextareaField label="Comment" rows={2} {...form.text('text')} />
        <Flex justify="end">
          <Button type="submit" size="sm" variant="outline" loading={form.saving}>
            Add comment
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

function Reopen({ id, refresh }: { id: string; refresh: () => void }) {
  const { busy, run } = useStep(refresh);
  return (
    <Button
      variant="outline"
      loading={busy}
      onClick={() => void run('Reopened: it is on the working list again.', () => exceptionsApi.reopen(id, ''))}
    >
      Reopen
    </Button>
  );
}

/** A titled list of links to the screens behind an exception (its evidence, its incidents); nothing when empty. */
function LinkSection({ name, title, links }: { name: string; title: string; links: readonly Evidence[] }) {
  if (!links.length) return null;
  return (
    <Box as="section" aria-label={name}>
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      <Stack gap="1">
        {links.map((e) => (
          <Link
            key={hrefOf(e)}
            href={hrefOf(e)}
            colorPalette="blue"
            onClick={(ev) => {
              ev.preventDefault();
              goTo(hrefOf(e));
            }}
          >
            {e.label}
          </Link>
        ))}
      </Stack>
    </Box>
  );
}
