import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExportFormat } from '@/contract/list';
import {
  CalendarResponse,
  DayRecordRow,
  DayResponse,
  GpsRecordRow,
  GpsResponse,
  MapConfig,
  SeriesResponse,
  VIEWS_PATHS,
  type CalendarQuery,
  type DayQuery,
  type GpsQueryInput,
  type SeriesQuery,
} from '@/contract/views';
import { api } from '@/lib/api';
import { relative, resourceClient, saveFile } from '@/lib/resource';

/**
 * The quick views' calls. Reads are `quiet`: each page shows a failed load where the figures
 * would be, with a retry, instead of a passing notification.
 */
type Params = Record<string, string | number>;
const params = (q: object): Params =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Params;

export const dayRecordsClient = resourceClient(VIEWS_PATHS.dayRecords, DayRecordRow);
export const gpsRecordsClient = resourceClient(VIEWS_PATHS.gpsRecords, GpsRecordRow);

export function useSeries(q: SeriesQuery) {
  return useQuery({
    queryKey: ['views', 'series', q],
    queryFn: ({ signal }) =>
      api.get(relative(VIEWS_PATHS.series), SeriesResponse, { searchParams: params(q), signal, quiet: true }),
    placeholderData: keepPreviousData,
  });
}

export function useCalendar(q: CalendarQuery) {
  return useQuery({
    queryKey: ['views', 'calendar', q],
    queryFn: ({ signal }) =>
      api.get(relative(VIEWS_PATHS.calendar), CalendarResponse, { searchParams: params(q), signal, quiet: true }),
    placeholderData: keepPreviousData,
  });
}

export function useDay(q: DayQuery | null) {
  return useQuery({
    queryKey: ['views', 'day', q],
    queryFn: ({ signal }) =>
      api.get(relative(VIEWS_PATHS.day), DayResponse, { searchParams: params(q!), signal, quiet: true }),
    enabled: !!q,
  });
}

export function useGps(q: GpsQueryInput) {
  return useQuery({
    queryKey: ['views', 'gps', q],
    queryFn: ({ signal }) =>
      api.get(relative(VIEWS_PATHS.gps), GpsResponse, { searchParams: params(q), signal, quiet: true }),
    placeholderData: keepPreviousData,
  });
}

export function useMapConfig() {
  return useQuery({
    queryKey: ['views', 'map'],
    queryFn: ({ signal }) => api.get(relative(VIEWS_PATHS.map), MapConfig, { signal, quiet: true }),
    staleTime: 5 * 60_000,
  });
}

/** Downloads the figures behind a chart or a calendar month (the api client reports failures). */
export async function exportFigures(
  path: typeof VIEWS_PATHS.series | typeof VIEWS_PATHS.calendar,
  q: object,
  format: ExportFormat,
) {
  const name = path === VIEWS_PATHS.series ? 'chart' : 'calendar';
  saveFile(
    await api.download(`${relative(path)}/export`, `${name}.${format}`, { searchParams: { ...params(q), format } }),
  );
}
