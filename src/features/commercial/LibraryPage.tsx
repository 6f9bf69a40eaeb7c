import { Badge, Button, Card, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, LoadError, NoData } from '@/app/ui/QueryState';
import { EXPIRY_LABELS, type LibraryRow } from '@/contract/commercial';
import { documentFiles, openInBrowser } from './clients';

const TONE = { none: 'gray', valid: 'green', expiring: 'orange', expired: 'red' } as const;

function open(row: LibraryRow) {
  // Opened now, while the click still counts as the user's: browsers block a later window.open.
  const tab = window.open('', '_blank');
  void documentFiles.file(row.id).then(
    (f) => openInBrowser(f, tab),
    () => tab?.close(),
  );
}

/** `/Documents` (everybody): the account's documents for its staff and system documents for the user's roles. */
export function LibraryPage() {
  const [q, setQ] = useState('');
  const list = useQuery({
    queryKey: ['commercial', 'library', q],
    queryFn: ({ signal }) => documentFiles.library(q, signal),
    placeholderData: (prev) => prev,
  });
  return (
    <Stack gap="4" maxW="4xl">
      <Input
        aria-label="Search documents"
        placeholder="Search title, category, tags…"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        maxW="md"
      />
      {list.isPending ? (
        <Loading label="Loading documents" />
      ) : list.isError ? (
        <LoadError what="The documents" message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !list.data.items.length ? (
        <NoData title={q ? 'No document matches' : 'No documents yet'} />
      ) : (
        <Stack gap="3" as="ul" listStyleType="none">
          {list.data.items.map((d) => (
            <Card.Root as="li" key={d.id} size="sm">
              <Card.Body>
                <HStack justify="space-between" gap="4" wrap="wrap">
                  <Stack gap="1">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="semibold">{d.title}</Text>
                      {d.system && <Badge colorPalette="purple">System</Badge>}
                      {d.category && <Badge>{d.category}</Badge>}
                      {d.expiry !== 'none' && <Badge colorPalette={TONE[d.expiry]}>{EXPIRY_LABELS[d.expiry]}</Badge>}
                    </HStack>
                    {d.description && <Text color="fg.muted">{d.description}</Text>}
                    <Text fontSize="sm" color="fg.muted">
                      {d.fileName} · v{d.currentVersion} · {new Date(d.updatedAt).toLocaleDateString()}
                      {d.tags.length ? ` · ${d.tags.join(', ')}` : ''}
                    </Text>
                  </Stack>
                  <Button size="sm" variant="outline" aria-label={`Open ${d.title}`} onClick={() => open(d)}>
                    Open
                  </Button>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
