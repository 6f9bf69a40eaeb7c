import { Badge, Button, Stack } from '@chakra-ui/react';
import { LuPause, LuPlay, LuSend } from 'react-icons/lu';
import { formatDateTime, specColumns, type ListColumn } from '@/app/ui/list/columns';
import { refreshAll } from '@/app/ui/list/useList';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  calendarText,
  FREQUENCIES,
  FREQUENCY_LABELS,
  periodText,
  SCHEDULE_COLUMNS,
  SCHEDULE_LIST,
  SCHEDULE_STATE_LABELS,
  type ScheduleRow,
} from '@/contract/report-schedule';
import { RUN_STATUS_LABELS, type RunStatus, type RunView } from '@/contract/report-runs';
import { notify } from '@/lib/notify';
import { enumOptions } from '@/lib/reference/labels';
import { reportsApi, schedulesClient } from './client';
import { ScheduleForm, scheduleLabel } from './ScheduleForm';
import { useReportTitles } from './useReportTitles';

/** A run's time in the account's zone, the zone named: the calendar's zone may not be the reader's. */
const inZone = (iso: string | null, zone: string) => (iso ? `${formatDateTime(iso, zone)} (${zone})` : '—');

const RESULT_PALETTE: Record<RunStatus, string> = { queued: 'blue', running: 'blue', done: 'green', failed: 'red' };
const LastRunResult = ({ status }: { status: RunStatus }) => (
  <Badge colorPalette={RESULT_PALETTE[status]}>{RUN_STATUS_LABELS[status]}</Badge>
);

const columnsOf = (titleOf: (id: string) => string): ListColumn<ScheduleRow>[] =>
  specColumns(SCHEDULE_COLUMNS, {
    // A custom report's title comes from the server (ADR 050), not the contract's labels.
    report: { cell: (s) => titleOf(s.report) },
    frequency: { cell: (s) => `${calendarText(s)} · ${periodText(s.params)}` },
    paused: {
      cell: (s) => <Badge colorPalette={s.paused ? 'gray' : 'green'}>{SCHEDULE_STATE_LABELS[`${s.paused}`]}</Badge>,
    },
    nextRunAt: { cell: (s) => (s.paused ? 'None while paused' : inZone(s.nextRunAt, s.timeZone)) },
    lastRunAt: {
      cell: (s) =>
        s.lastRunAt ? (
          <Stack gap="1" align="flex-start">
            <span>{inZone(s.lastRunAt, s.timeZone)}</span>
            {s.lastRunStatus && <LastRunResult status={s.lastRunStatus} />}
          </Stack>
        ) : (
          'Not run yet'
        ),
    },
    lastRunStatus: { cell: (s) => (s.lastRunStatus ? <LastRunResult status={s.lastRunStatus} /> : '—') },
  });

const otherFilters = [
  { field: 'frequency', label: 'Frequency', options: enumOptions(FREQUENCIES, FREQUENCY_LABELS) },
  {
    field: 'paused',
    label: 'State',
    options: [
      { value: 'false', label: SCHEDULE_STATE_LABELS.false },
      { value: 'true', label: SCHEDULE_STATE_LABELS.true },
    ],
  },
];

/** Follows a "run now" until it ends (at most two minutes), then shows the schedule's last run and its result. */
async function followRun(run: RunView) {
  for (let i = 0; i < 120 && run.status !== 'done' && run.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    run = await reportsApi.runOf(run.id);
  }
  void refreshAll();
  if (run.status === 'failed')
    notify({ tone: 'danger', title: 'Run failed', message: run.error ?? 'The report could not be written.' });
}

/** The schedule's input as saved, with `paused` changed (pause and resume are an edit, versioned and audited). */
const withPaused = (s: ScheduleRow, paused: boolean) => ({
  name: s.name,
  report: s.report,
  params: s.params,
  format: s.format,
  frequency: s.frequency,
  atTime: s.atTime,
  weekday: s.weekday,
  monthDay: s.monthDay,
  recipientUserIds: s.recipientUserIds,
  recipientEmails: s.recipientEmails,
  paused,
  version: s.version,
});

async function act(what: string, fn: () => Promise<unknown>, done: string) {
  try {
    await fn();
    notify({ tone: 'success', message: done });
    void refreshAll();
  } catch (e) {
    notify({ tone: 'danger', title: `${what} failed`, message: (e as Error).message });
  }
}

/**
 * `/ReportSchedule` (admin): reports e-mailed on a calendar in the account's time zone; create,
 * edit, pause, resume, run now, delete (and restore).
 */
export function ReportSchedulePage() {
  const titles = useReportTitles();
  const columns = columnsOf(titles.titleOf);
  const filters = [{ field: 'report', label: 'Report', options: titles.options }, ...otherFilters];
  return (
    <ResourceScreen
      client={schedulesClient}
      info={SCHEDULE_LIST}
      noun="schedule"
      plural="schedules"
      columns={columns}
      filters={filters}
      rowLabel={scheduleLabel}
      Form={ScheduleForm}
      formSize="lg"
      extraActions={(s) => (
        <>
          <Button
            size="xs"
            variant="outline"
            aria-label={`Run ${s.name} now`}
            onClick={() =>
              void act(
                'Run now',
                async () => {
                  const run = await schedulesClient.runNow(s.id);
                  void followRun(run).catch(() => undefined);
                },
                `“${s.name}” is running; it is e-mailed when done and listed in the report history.`,
              )
            }
          >
            <LuSend aria-hidden /> Run now
          </Button>
          <Button
            size="xs"
            variant="ghost"
            aria-label={`${s.paused ? 'Resume' : 'Pause'} ${s.name}`}
            onClick={() =>
              void act(
                s.paused ? 'Resume' : 'Pause',
                () => schedulesClient.update(s.id, withPaused(s, !s.paused)),
                `“${s.name}” ${s.paused ? 'resumed' : 'paused'}.`,
              )
            }
          >
            {s.paused ? <LuPlay aria-hidden /> : <LuPause aria-hidden />} {s.paused ? 'Resume' : 'Pause'}
          </Button>
        </>
      )}
    />
  );
}
