import { Badge, Box, Button, Checkbox, CloseButton, Field, Flex, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LoadError } from '@/app/ui/QueryState';
import { useState } from 'react';
import { useDebounced } from '@/lib/useDebounced';
import { COPY_MAX_EQUIPMENT } from '@/contract/equipment-copy';
import type { Equipment } from '@/contract/setup/equipment';
import { copyApi } from './client';

const PAGE = 25;
const DEBOUNCE_MS = 250;

export type Picked = Map<string, string>;
export const describe = (e: Equipment) => [e.fleetNo, e.registration, e.typeName].filter(Boolean).join(' · ');

/** Search the fleet on the server (fleet no., registration, description, tags) and tick equipment to copy. */
export function EquipmentPicker({ picked, onChange }: { picked: Picked; onChange: (p: Picked) => void }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const query = { page: 1, pageSize: PAGE, sort: 'fleetNo', ...(q ? { q } : {}) };
  const { data, isPending, isError, error, refetch, isFetching } = useQuery({
    queryKey: [copyApi.equipment.path, 'list', query],
    queryFn: ({ signal }) => copyApi.equipment.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const toggle = (e: Equipment, on: boolean) => {
    const next = new Map(picked);
    if (on) next.set(e.id, describe(e));
    else next.delete(e.id);
    onChange(next);
  };
  const items = data?.items ?? [];
  const allOn = items.length > 0 && items.every((e) => picked.has(e.id));
  const tickAll = () => {
    const next = new Map(picked);
    for (const e of items) {
      if (allOn) next.delete(e.id);
      else next.set(e.id, describe(e));
    }
    onChange(next);
  };

  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>Search equipment</Field.Label>
        <Input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Fleet no., registration, description or tag"
        />
      </Field.Root>
      {isError && (
        <LoadError what="The equipment" message={error.message} onRetry={() => void refetch()} retrying={isFetching} />
      )}
      <Box
        borderWidth="1px"
        rounded="md"
        maxH="72"
        overflowY="auto"
        role="group"
        aria-label="Matching equipment"
        tabIndex={0}
      >
        {isPending ? (
          <Skeleton h="24" />
        ) : items.length === 0 ? (
          <Text p="3" color="fg.muted">
            No equipment matches.
          </Text>
        ) : (
          <Stack gap="0">
            {items.map((e) => (
              <Checkbox.Root
                key={e.id}
                px="3"
                py="2"
                borderBottomWidth="1px"
                checked={picked.has(e.id)}
                onCheckedChange={(c) => toggle(e, c.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontWeight="normal">{describe(e)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
      </Box>
      <Flex gap="3" align="center" wrap="wrap" fontSize="sm" color="fg.muted">
        <Text>
          {data
            ? `${Math.min(PAGE, data.total)} of ${data.total.toLocaleString()} shown${data.total > PAGE ? ': search to narrow' : ''}`
            : ''}
        </Text>
        {items.length > 0 && (
          <Button size="xs" variant="outline" onClick={tickAll}>
            {allOn ? 'Untick these' : 'Tick all shown'}
          </Button>
        )}
      </Flex>
      <Stack gap="2">
        <Text fontWeight="medium">
          {picked.size} selected{picked.size > COPY_MAX_EQUIPMENT ? ` (at most ${COPY_MAX_EQUIPMENT} per copy)` : ''}
        </Text>
        <Flex gap="2" wrap="wrap">
          {[...picked].map(([id, label]) => (
            <Badge key={id} size="lg" variant="subtle" pe="0">
              {label}
              <CloseButton
                size="2xs"
                aria-label={`Remove ${label}`}
                onClick={() => {
                  const n = new Map(picked);
                  n.delete(id);
                  onChange(n);
                }}
              />
            </Badge>
          ))}
        </Flex>
      </Stack>
    </Stack>
  );
}
