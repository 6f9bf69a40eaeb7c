import { Card, Field, Flex, IconButton, Input, Stack, Stat } from '@chakra-ui/react';
import { useEffect } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { ExportButtons, FilterControl, ListToolbar } from '@/app/ui/list/ListToolbar';
import { useListSearch } from '@/app/ui/list/useList';
import { VIEWS_PATHS, type CalendarQuery, type DayFigures } from '@/contract/views';
import { exportFigures, useCalendar } from './client';
import { DayPanel } from './DayPanel';
import { monthTitle } from './format';
import { litresTenth as litres } from '@/lib/format';
import { FIGURE_COLOURS, MonthGrid } from './MonthGrid';
import { useViewOptions } from './options';
import { shiftMonth } from '@/contract/calendar';
import { monthOf, type CalendarSearch } from './search';
import { LoadError, Loading } from '@/app/ui/QueryState';

function Totals({ totals }: { totals: DayFigures }) {
  const items = [
    ['Dispensed', totals.dispensed, FIGURE_COLOURS.dispensed],
    ['Received', totals.received, FIGURE_COLOURS.received],
    ['Transferred out', totals.transferredOut, FIGURE_COLOURS.transferred],
  ] as const;
  return (
    <Flex gap={{ base: 3, md: 8 }} wrap="wrap" aria-label="Month totals" role="group">
      {items.map(([label, value, colour]) => (
        <Stat.Root key={label} size="sm" flex="0 0 auto">
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText color={colour} fontVariantNumeric="tabular-nums">
            {litres(value)}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </Flex>
  );
}

/**
 * `/QuickCalendarView`: a month of daily dispensed / received / transferred litres for one store or
 * all, filterable by tank and product; a day opens its figures by store and product and its records.
 * The store, tank and product filters are the day list's own `f.*` filters, so both always agree.
 */
export function CalendarViewPage() {
  const { search, update } = useListSearch<CalendarSearch>();
  const month = monthOf(search);
  const f = { storeId: search['f.storeId'], tankId: search['f.tankId'], productId: search['f.productId'] };
  const q: CalendarQuery = { month, ...Object.fromEntries(Object.entries(f).filter(([, v]) => v)) };
  const options = useViewOptions(f.storeId);
  const cal = useCalendar(q);
  const date = search['f.date'];
  const selected = date?.startsWith(month) ? date : undefined;

  // Bring the chosen day's records into view (below the calendar, off screen on a phone).
  useEffect(() => {
    if (selected) document.getElementById('day-records')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [selected]);

  const goMonth = (m: string) => update({ month: m, 'f.date': undefined });
  const filters = [
    {
      spec: options.filters.store,
      value: f.storeId,
      patch: (v?: string) => ({ 'f.storeId': v, 'f.tankId': undefined }),
    },
    { spec: options.filters.tank, value: f.tankId, patch: (v?: string) => ({ 'f.tankId': v }) },
    { spec: options.filters.product, value: f.productId, patch: (v?: string) => ({ 'f.productId': v }) },
  ];

  return (
    <Stack gap="4">
      <ListToolbar
        search={
          <Flex align="end" gap="1">
            <IconButton
              size="sm"
              variant="outline"
              aria-label="Previous month"
              onClick={() => goMonth(shiftMonth(month, -1))}
            >
              <LuChevronLeft aria-hidden />
            </IconButton>
            <Field.Root w="40">
              <Field.Label fontSize="xs" color="fg.muted">
                Month
              </Field.Label>
              <Input size="sm" type="month" value={month} onChange={(e) => e.target.value && goMonth(e.target.value)} />
            </Field.Root>
            <IconButton
              size="sm"
              variant="outline"
              aria-label="Next month"
              onClick={() => goMonth(shiftMonth(month, 1))}
            >
              <LuChevronRight aria-hidden />
            </IconButton>
          </Flex>
        }
        activeFilters={filters.filter((x) => x.value).length}
        filters={filters.map(({ spec, value, patch }) => (
          <FilterControl key={spec.field} spec={spec} value={value} onChange={(v) => update(patch(v))} />
        ))}
        tools={<ExportButtons onExport={(format) => exportFigures(VIEWS_PATHS.calendar, q, format)} />}
      />
      <Card.Root as="section" aria-label={`Calendar ${monthTitle(month)}`}>
        <Card.Body p={{ base: 2, md: 5 }}>
          {cal.isError && !cal.data ? (
            <LoadError
              what="The calendar"
              message={cal.error.message}
              onRetry={() => void cal.refetch()}
              retrying={cal.isFetching}
            />
          ) : !cal.data ? (
            <Loading label="Loading the calendar" />
          ) : (
            <Stack gap="4" opacity={cal.isFetching ? 0.6 : 1} transition="opacity 0.2s" aria-busy={cal.isFetching}>
              <Totals totals={cal.data.totals} />
              <MonthGrid
                month={cal.data.month}
                days={cal.data.days}
                selected={selected}
                onSelect={(d) =>
                  update({ 'f.date': d === selected ? undefined : d, 'f.kind': undefined, q: undefined })
                }
              />
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      {selected && (
        <DayPanel
          query={{ date: selected, ...Object.fromEntries(Object.entries(f).filter(([, v]) => v)) }}
          onClose={() => update({ 'f.date': undefined })}
        />
      )}
    </Stack>
  );
}
