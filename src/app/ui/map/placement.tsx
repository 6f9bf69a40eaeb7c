import { Alert, Button, Switch } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { notify } from '@/lib/notify';
import { relative } from '@/lib/resource';
import { roundCoordinate, StoreLocation } from '@/contract/store-locator';

type At = { lat: number; lng: number };
type Saved = z.infer<typeof StoreLocation>;

/**
 * "Place on the map": the thing being placed (the next click on the map is its location), left with
 * Esc or the banner's Cancel. Used by the store locator and the customer sites' map.
 */
export function usePlacing<T>(): [T | null, (t: T | null) => void] {
  const [placing, setPlacing] = useState<T | null>(null);
  useEffect(() => {
    if (!placing) return;
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setPlacing(null);
    window.addEventListener('keydown', esc);
    return () => window.removeEventListener('keydown', esc);
  }, [placing]);
  return [placing, setPlacing];
}

/** The banner shown while placing: what the next click does, and Cancel. */
export function PlacingBanner({ what, onCancel }: { what: string; onCancel: () => void }) {
  return (
    <Alert.Root status="info" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>Click the map where {what} is. Esc or Cancel leaves it unplaced.</Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </Alert.Root>
  );
}

/** The switch that makes the markers draggable (off by default: a click never moves anything). */
export function MoveSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <Switch.Root size="sm" checked={checked} onCheckedChange={(e) => onChange(e.checked)}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}

const put = (path: string, at: At, version: number) =>
  api.put(
    relative(path),
    { latitude: roundCoordinate(at.lat), longitude: roundCoordinate(at.lng), version },
    StoreLocation,
    { quiet: true },
  );
const where = (s: Saved) => `${s.lat.toFixed(5)}, ${s.lng.toFixed(5)}`;
const failed = (title: string, e: unknown) =>
  notify({ tone: 'danger', title, message: e instanceof Error ? e.message : String(e) });

/** How long the notice with "Undo" stays: long enough to notice a slip and take it back. */
export const UNDO_MS = 10_000;

/**
 * Saves a location placed or dragged on a map: `PUT <path> {latitude, longitude, version}` against
 * the version the map showed (409 when the record changed meanwhile). The notice says where it is
 * now; after a move (`from`: where it was) the notice has "Undo", which puts it back the same way,
 * against the version the move produced (ADR 059), so an undo never overwrites a later change.
 * `done` runs after each save or refusal (the page reloads what the server holds).
 */
export async function saveLocation(opts: {
  path: string;
  what: string;
  at: At;
  version: number;
  from?: At | null;
  done: () => void;
}) {
  const { path, what, from, done } = opts;
  try {
    const saved = await put(path, opts.at, opts.version);
    notify({
      tone: 'success',
      message: `${what} is now at ${where(saved)}.`,
      ...(from && {
        durationMs: UNDO_MS,
        action: {
          label: 'Undo',
          onClick: () =>
            void put(path, from, saved.version)
              .then((back) => notify({ tone: 'success', message: `${what} is back at ${where(back)}.` }))
              .catch((e: unknown) => failed('Move not undone', e))
              .finally(done),
        },
      }),
    });
  } catch (e) {
    failed('Location not saved', e);
  } finally {
    // Saved or refused (a 409: changed meanwhile), the map shows what the server holds.
    done();
  }
}
