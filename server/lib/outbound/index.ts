/** Guarded outgoing requests (ADR 071): what the modules use. */
export { classifyAddress, isPublicAddress, type AddressClass, type AddressRange } from './address-class';
export { OutboundError, REFUSED_INTERNAL, type OutboundFailure } from './errors';
export {
  outboundFetch,
  OUTBOUND_MAX_REQUEST_BYTES,
  OUTBOUND_MAX_RESPONSE_BYTES,
  OUTBOUND_TIMEOUT_MS,
  type OutboundInit,
  type OutboundOptions,
  type OutboundResponse,
} from './fetch';
export { checkHost, hasInternalLiteralHost, pinnedLookup, type CheckedHost, type Resolver } from './target';
