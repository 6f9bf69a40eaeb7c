import { Card, Heading } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { FieldRecordKind } from '@/contract/field-kinds';
import type { RecentRecordsProps } from './RecentRecordsList';

const List = lazy(() => import('./RecentRecordsList').then((m) => ({ default: m.RecentRecordsList })));

/**
 * "Recent records" under a field form (RecentRecordsList.tsx). Its code and its rows render after
 * the form, not with it: below the form on a phone, the form is usable before the list is drawn
 * (ADR 017, fourth pass). Until then the card shows its title, so nothing moves when it arrives.
 */
export function RecentRecords<K extends FieldRecordKind>(props: RecentRecordsProps<K>) {
  return (
    <Suspense
      fallback={
        <Card.Root as="section" aria-label={props.title} aria-busy="true">
          <Card.Body p={{ base: 3, md: 5 }}>
            <Heading as="h2" size="md">
              {props.title}
            </Heading>
          </Card.Body>
        </Card.Root>
      }
    >
      <List {...(props as unknown as RecentRecordsProps<FieldRecordKind>)} />
    </Suspense>
  );
}
