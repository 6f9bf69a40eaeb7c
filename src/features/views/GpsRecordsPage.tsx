import { Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LuMapPin } from 'react-icons/lu';
import type { ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import type { FilterSpec } from '@/app/ui/list/ListToolbar';
import { VIEWS_LISTS, type GpsRecordRow } from '@/contract/views';
import { gpsRecordsClient } from './client';
import { inZone } from './format';
import { litresTenth as litres } from '@/lib/format';
import { useViewOptions } from './options';
import { equipmentLabel } from '@/lib/reference/labels';
import { mapLinkSearch } from './search';

const coord = (n: number) => n.toFixed(5);

const columns: ListColumn<GpsRecordRow>[] = [
  { id: 'at', header: 'Time', cell: (r) => inZone(r.at, r.timezone) },
  { id: 'fleetNo', header: 'Equipment', cell: (r) => equipmentLabel(r) },
  { id: 'storeCode', header: 'Store', cell: (r) => `${r.storeCode} — ${r.storeName}` },
  { id: 'productName', header: 'Product', cell: (r) => `${r.tankCode} · ${r.productName}` },
  { id: 'litres', header: 'Litres', numeric: true, cell: (r) => litres(r.litres) },
  { id: 'lat', header: 'Latitude', numeric: true, cell: (r) => coord(r.lat) },
  { id: 'lng', header: 'Longitude', numeric: true, cell: (r) => coord(r.lng) },
  { id: 'accuracyM', header: 'Accuracy (m)', numeric: true, hidden: true },
  { id: 'employeeName', header: 'Employee', hidden: true },
  { id: 'registration', header: 'Registration', hidden: true },
];

/**
 * `/FilterGPSInformation`: the GPS-stamped dispenses of the map as the data table, with the same
 * filters (store-local days) and the export; each row opens its point on the map.
 */
export function GpsRecordsPage() {
  const options = useViewOptions();
  const filters = useMemo<FilterSpec[]>(
    () => [
      { field: 'from', label: 'From', kind: 'date' },
      { field: 'to', label: 'To', kind: 'date' },
      options.filters.store,
      {
        field: 'equipmentId',
        label: 'Equipment',
        options: [...(options.ref?.equipment ?? [])]
          .sort((a, b) => a.fleetNo.localeCompare(b.fleetNo))
          .map((e) => ({ value: e.id, label: equipmentLabel(e) })),
      },
    ],
    [options],
  );
  return (
    <ListView
      client={gpsRecordsClient}
      info={VIEWS_LISTS.gpsRecords}
      columns={columns}
      filters={filters}
      noun="GPS record"
      plural="GPS records"
      rowLabel={(r) => `${r.fleetNo} ${inZone(r.at, r.timezone)}`}
      canWrite={false}
      deletable={false}
      extraActions={(r) => (
        <Button
          asChild
          size="xs"
          variant="outline"
          aria-label={`Show ${r.fleetNo} ${inZone(r.at, r.timezone)} on the map`}
        >
          <Link to="/QuickViewGPSInformation" search={mapLinkSearch(r)}>
            <LuMapPin aria-hidden /> Map
          </Link>
        </Button>
      )}
    />
  );
}
