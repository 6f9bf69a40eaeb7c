import { Badge, Button } from '@chakra-ui/react';
import { LuPause, LuPlay, LuSend } from 'react-icons/lu';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { refreshAll } from '@/app/ui/list/useList';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  calendarText,
  FREQUENCIES,
  FREQUENCY_LABELS,
  periodText,
  SCHEDULE_COLUMNS,
  SCHEDULE_LIST,
  type ScheduleRow,
} from '@/contract/report-schedule';
import { notify } from '@/lib/notify';
import { enumOptions, YES_NO } from '@/lib/reference/labels';
import { schedulesClient } from './client';
import { ScheduleForm, scheduleLabel } from './ScheduleForm';
import { useReportTitles } from './useReportTitles';

const columnsOf = (titleOf: (id: string) => string): ListColumn<ScheduleRow>[] =>
  specColumns(SCHEDULE_COLUMNS, {
    // A custom report's title comes from the server (ADR 050), not the contract's labels.
    report: { cell: (s) => titleOf(s.report) },
    frequency: { cell: (s) => `${calendarText(s)} · ${periodText(s.params)}` },
    paused: {
      cell: (s) => (s.paused ? <Badge colorPalette="gray">Paused</Badge> : <Badge colorPalette="green">On</Badge>),
    },
  });

const otherFilters = [
  { field: 'frequency', label: 'Frequency', options: enumOptions(FREQUENCIES, FREQUENCY_LABELS) },
  { field: 'paused', label: 'Paused', options: YES_NO },
];

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
                () => schedulesClient.runNow(s.id),
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
