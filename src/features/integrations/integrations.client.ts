import {
  DELIVERIES_LIST,
  DeliveryRow,
  DisabledIntegration,
  DropStarted,
  INTEGRATION_TYPES_PATH,
  INTEGRATIONS_LIST,
  IntegrationRow,
  IntegrationTypeRow,
  IntegrationTypesResponse,
  MANAGED_INTEGRATIONS_LIST,
  ManagedIntegrationRow,
  OfferedTypes,
  QueuedDeliveries,
  type IntegrationType,
} from '@/contract/integrations';
import { z } from 'zod';
import { FeedKeyRow } from '@/contract/bi';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

/** `/Integration`, `/IntegrationSetup` and `/ManageIntegration` calls (ADR 048). */
export const integrations = resourceClient(INTEGRATIONS_LIST.path, IntegrationRow);
export const deliveries = resourceClient(DELIVERIES_LIST.path, DeliveryRow);
export const managedIntegrations = resourceClient(MANAGED_INTEGRATIONS_LIST.path, ManagedIntegrationRow);

const types = relative(INTEGRATION_TYPES_PATH);
export const integrationTypes = (signal?: AbortSignal) =>
  api.get(types, IntegrationTypesResponse, { signal, quiet: true });
export const offeredTypes = (signal?: AbortSignal) =>
  api.get(`${types}/offered`, OfferedTypes, { signal, quiet: true });
export const saveIntegrationType = (type: IntegrationType, body: unknown) =>
  api.put(`${types}/${type}`, body, IntegrationTypeRow, { quiet: true });

export const sendTest = (id: string) =>
  api.post(`${relative(INTEGRATIONS_LIST.path)}/${id}/ping`, {}, QueuedDeliveries, { quiet: true });
export const replayDelivery = (id: string) =>
  api.post(`${relative(DELIVERIES_LIST.path)}/${id}/replay`, {}, QueuedDeliveries, { quiet: true });
export const disableIntegration = (id: string) =>
  api.post(`${relative(MANAGED_INTEGRATIONS_LIST.path)}/${id}/disable`, {}, DisabledIntegration, { quiet: true });
export const runDrop = (id: string) =>
  api.post(`${relative(INTEGRATIONS_LIST.path)}/${id}/run`, {}, DropStarted, { quiet: true });
/** The account's BI feed keys (made on /PBAnalytics), for a BI feed integration's choice. */
export const feedKeys = (signal?: AbortSignal) =>
  api.get('bi-feed-keys', z.object({ keys: z.array(FeedKeyRow) }), { signal, quiet: true });
