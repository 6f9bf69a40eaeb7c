/** Veeder-Root TLS computer-format protocol: framing, i201 inventory, i202 deliveries, TCP client. */
export { checksumOf, command, ETX, frame, SOH, TlsProtocolError, unframe } from './frame';
export { floatToHex, hexToFloat, type WallTime } from './fields';
export { encodeInventory, parseInventory, type InventoryRecord, type InventoryReport } from './inventory';
export { encodeDeliveries, parseDeliveries, type DeliveryRecord, type DeliveryReport } from './deliveries';
export { queryConsole, type QueryOptions } from './client';
export { dateToWall, wallToDate } from './time';
