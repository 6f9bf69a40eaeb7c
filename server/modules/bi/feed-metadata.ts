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

/** The Capabilities vocabulary (OASIS), referenced so the annotations below are standard terms. */
const CAPABILITIES =
  '<edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.xml">' +
  '<edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Capabilities"/></edmx:Reference>';

/**
 * What an entity set answers, in Capabilities terms, so a client plans its requests instead of
 * meeting the 501s: `$top`, `$select` and server-driven paging yes; `$skip`, `$filter`, `$orderby`,
 * `$count`, `$expand` no (the days and the store are the feed's own `from`/`to`/`storeId`).
 */
const capabilities = [
  '<Annotation Term="Capabilities.TopSupported" Bool="true"/>',
  '<Annotation Term="Capabilities.SkipSupported" Bool="false"/>',
  '<Annotation Term="Capabilities.CountRestrictions"><Record><PropertyValue Property="Countable" Bool="false"/></Record></Annotation>',
  '<Annotation Term="Capabilities.FilterRestrictions"><Record><PropertyValue Property="Filterable" Bool="false"/></Record></Annotation>',
  '<Annotation Term="Capabilities.SortRestrictions"><Record><PropertyValue Property="Sortable" Bool="false"/></Record></Annotation>',
  '<Annotation Term="Capabilities.ExpandRestrictions"><Record><PropertyValue Property="Expandable" Bool="false"/></Record></Annotation>',
].join('');

/**
 * The feed's OData `$metadata` (CSDL 4.0 XML, OData 4.0 Part 3): one entity type per dataset with its
 * declared fields typed as the JSON answers them (text → `Edm.String`, figures → `Edm.Double`, the
 * instants ISO text in UTC → `Edm.DateTimeOffset`, the store-local day → `Edm.Date`), keyed by `id`
 * (never null), the entity sets in one container with their Capabilities. Built from
 * `src/contract/datasets.ts` only, so it cannot drift from what the feed answers (the API test parses
 * it and compares every entity set with a page of the feed).
 */
export function feedMetadata(): string {
  const types = DATASET_IDS.map((id) => {
    const props = DATASETS[id].fields
      .map((f) => `<Property Name="${f.key}" Type="${EDM[f.kind]}"${f.key === 'id' ? ' Nullable="false"' : ''}/>`)
      .join('');
    return `<EntityType Name="${id}"><Key><PropertyRef Name="id"/></Key>${props}</EntityType>`;
  }).join('');
  const sets = DATASET_IDS.map(
    (id) => `<EntitySet Name="${id}" EntityType="${NS}.${id}">${capabilities}</EntitySet>`,
  ).join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">${CAPABILITIES}<edmx:DataServices>` +
    `<Schema Namespace="${NS}" xmlns="http://docs.oasis-open.org/odata/ns/edm">${types}` +
    `<EntityContainer Name="Feed">${sets}</EntityContainer></Schema></edmx:DataServices></edmx:Edmx>`
  );
}
