import { lazy, Suspense } from 'react';
import { PlainCard } from '@/app/plain/PlainBits';
import css from '@/app/plain/field.module.css';
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
        <PlainCard aria-label={props.title} aria-busy="true">
          <h2 className={css.heading}>{props.title}</h2>
        </PlainCard>
      }
    >
      <List {...(props as unknown as RecentRecordsProps<FieldRecordKind>)} />
    </Suspense>
  );
}
