/**
 * The offline unlock's refusal, in a module of its own: the login page tells it apart from other
 * failures without loading the device database's code (Dexie) with its first screen (ADR 017).
 */

export type UnlockFailure = 'unavailable' | 'wrong' | 'locked' | 'expired';

export class OfflineUnlockError extends Error {
  constructor(
    readonly reason: UnlockFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OfflineUnlockError';
  }
}
