import { Box } from '@chakra-ui/react';
import { FilterControl, type FilterSpec } from '@/app/ui/list/ListToolbar';
import { SearchSelect } from '@/app/ui/form/SearchSelect';
import { equipmentMatches, useViewOptions } from './options';
import { equipmentLabel } from '@/lib/reference/labels';

export interface GpsFilterValues {
  from?: string;
  to?: string;
  storeId?: string;
  equipmentId?: string;
}

/**
 * The GPS screens' filters (dates are store-local days): the same on the map and on the list, which
 * keep them under their own URL keys.
 */
export function GpsFilters({
  values,
  onChange,
}: {
  values: GpsFilterValues;
  onChange: (patch: GpsFilterValues) => void;
}) {
  const options = useViewOptions();
  const ref = options.ref;
  const chosen = ref?.equipment.find((e) => e.id === values.equipmentId);
  // The type-ahead reads its label once: it is mounted again when the reference data names the choice.
  const specs: (FilterSpec & { key: keyof GpsFilterValues })[] = [
    { key: 'from', field: 'from', label: 'From', kind: 'date' },
    { key: 'to', field: 'to', label: 'To', kind: 'date' },
    { key: 'storeId', ...options.filters.store },
  ];
  return (
    <>
      {specs.map(({ key, ...spec }) => (
        <FilterControl key={key} spec={spec} value={values[key]} onChange={(v) => onChange({ [key]: v })} />
      ))}
      <Box w={{ base: 'full', sm: '56' }} css={{ '& label': { fontSize: 'xs', color: 'fg.muted' } }}>
        <SearchSelect
          key={`${values.equipmentId ?? 'none'}:${chosen ? 'named' : 'unnamed'}`}
          label="Equipment"
          value={values.equipmentId ?? ''}
          selectedLabel={chosen ? equipmentLabel(chosen) : ''}
          placeholder="Fleet no. or registration"
          queryKey={['views', 'equipment', !!ref]}
          search={async (q) => equipmentMatches(ref, q)}
          onChange={(id) => onChange({ equipmentId: id || undefined })}
        />
      </Box>
    </>
  );
}
