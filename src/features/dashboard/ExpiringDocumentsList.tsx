import { Badge, List, Text } from '@chakra-ui/react';
import type { ExpiringDocuments } from '@/contract/commercial/documents';

const when = (daysLeft: number) =>
  daysLeft < 0
    ? `expired ${-daysLeft} ${daysLeft === -1 ? 'day' : 'days'} ago`
    : daysLeft === 0
      ? 'expires today'
      : `in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;

/** The list itself (rendered on its own by the unit test): soonest first, lapsed ones marked. */
export function ExpiringDocumentsList({ data }: { data: ExpiringDocuments }) {
  if (!data.documents.length) return <Text color="fg.muted">Nothing expires in the next {data.withinDays} days.</Text>;
  return (
    <List.Root gap="1" variant="plain">
      {data.documents.map((d) => (
        <List.Item key={d.id} display="flex" gap="2" alignItems="baseline" flexWrap="wrap">
          <Text as="span" fontWeight="medium">
            {d.title}
          </Text>
          {d.category && (
            <Text as="span" color="fg.muted" fontSize="sm">
              {d.category}
            </Text>
          )}
          <Badge colorPalette={d.daysLeft < 0 ? 'red' : 'orange'} title={d.expiresOn}>
            {when(d.daysLeft)}
          </Badge>
        </List.Item>
      ))}
    </List.Root>
  );
}
