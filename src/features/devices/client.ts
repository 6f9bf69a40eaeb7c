import {
  DEVICE_COMMANDS_LIST,
  DeviceCommandRow,
  FIELD_DEVICES_LIST,
  FieldDeviceRow,
  SendCommandResponse,
  type FieldDevice,
} from '@/contract/devices';
import { INI_EXPORT_PATH } from '@/contract/devices-config';
import { RegisterTagsResponse, TAGS_LIST, TagRow } from '@/contract/devices-tags';
import { z } from 'zod';
import { listResponse } from '@/contract/list';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

/** `/OTRDevices`, `/FAMSCommands`, `/ExportINIFile` and `/ScanTags` calls. */
const Ok = z.object({ ok: z.literal(true) });
export const fieldDevices = resourceClient(FIELD_DEVICES_LIST.path, FieldDeviceRow);
export const commands = resourceClient(DEVICE_COMMANDS_LIST.path, DeviceCommandRow);

const rel = relative(FIELD_DEVICES_LIST.path);
export const rotateKey = (id: string): Promise<FieldDevice> =>
  api.post(`${rel}/${id}/rotate-key`, {}, FieldDeviceRow, { quiet: true });
export const retire = (id: string): Promise<FieldDevice> =>
  api.post(`${rel}/${id}/retire`, {}, FieldDeviceRow, { quiet: true });

/** The live site controllers (the targets of a command), by name. */
export const liveControllers = (signal?: AbortSignal) =>
  api.get(rel, listResponse(FieldDeviceRow), {
    searchParams: { 'f.kind': 'controller', 'f.retired': 'false', sort: 'name', pageSize: 200 },
    signal,
    quiet: true,
  });

export const sendCommand = (body: unknown) =>
  api.post(relative(DEVICE_COMMANDS_LIST.path), body, SendCommandResponse, { quiet: true });

export const downloadIni = (storeId: string) =>
  api.download(`${relative(INI_EXPORT_PATH)}/${storeId}`, 'fams-controller.ini', {});

export const tags = resourceClient(TAGS_LIST.path, TagRow);
export const registerTags = (list: string[]) =>
  api.post(relative(TAGS_LIST.path), { tags: list }, RegisterTagsResponse, { quiet: true });
export const assignTag = (id: string, body: unknown) =>
  api.post(`${relative(TAGS_LIST.path)}/${id}/assign`, body, Ok, { quiet: true });
export const unassignTag = (id: string) =>
  api.post(`${relative(TAGS_LIST.path)}/${id}/unassign`, {}, Ok, { quiet: true });
