import type { ColumnKind } from '../../../src/contract/columns';
import { DATASET_IDS, DATASETS } from '../../../src/contract/datasets';

const EDM: Record<ColumnKind, string> = {
  text: 'Edm.String',
  code: 'Edm.String',
  enum: 'Edm.String',
  list: 'Edm.String',
  litres: 'Edm.Double',
  number: 'Edm.Double',
  money: 'Edm.Double',
  percent: 'Edm.Double',
  datetime: 'Edm.DateTimeOffset',
  date: 'Edm.Date',
  bool: 'Edm.Boolean',
};
const NS = 'FAMS.Feed';

/**
 * The feed's OData `$metadata` (CSDL 4.0 XML): one entity type per dataset with its declared fields
 * typed, keyed by `id`, and the entity sets Power BI's OData connector reads. Built from
 * `src/contract/datasets.ts` only, so it cannot drift from what the feed answers.
 */
export function feedMetadata(): string {
  const types = DATASET_IDS.map((id) => {
    const props = DATASETS[id].fields
      .map((f) => `<Property Name="${f.key}" Type="${EDM[f.kind]}"${f.key === 'id' ? ' Nullable="false"' : ''}/>`)
      .join('');
    return `<EntityType Name="${id}"><Key><PropertyRef Name="id"/></Key>${props}</EntityType>`;
  }).join('');
  const sets = DATASET_IDS.map((id) => `<EntitySet Name="${id}" EntityType="${NS}.${id}"/>`).join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>' +
    `<Schema Namespace="${NS}" xmlns="http://docs.oasis-open.org/odata/ns/edm">${types}` +
    `<EntityContainer Name="Feed">${sets}</EntityContainer></Schema></edmx:DataServices></edmx:Edmx>`
  );
}
