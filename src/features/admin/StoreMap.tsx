import { useMemo } from 'react';
import PinMap from '@/app/ui/map/PinMap';
import type { LocatorStore } from '@/contract/store-locator';
import { STATE_COLOURS, storePopup } from './storePopup';

export interface StoreMapProps {
  /** The stores with coordinates that match the search. */
  stores: LocatorStore[];
  styleUrl: string | null;
  /** The store whose popup is open (chosen on the map or in the list). */
  selected: string | null;
  onSelect: (id: string | null) => void;
  /** `/TankLevels?storeId=…` for a store, and following it inside the app. */
  tanksHref: (id: string) => string;
  openTanks: (id: string) => void;
  onFail: (reason: string) => void;
  /** A store being placed: the next click on the map is its location (ADR 051). */
  placing: LocatorStore | null;
  /** Markers can be dragged to move their store. */
  moving: boolean;
  /** A click while placing, or a marker dropped: the store's new location. */
  onLocate: (store: LocatorStore, at: { lat: number; lng: number }) => void;
}

/**
 * The store locator's map chunk (maplibre, loaded lazily): the stores as pins coloured by state on
 * the shared pin map (`@/app/ui/map/PinMap`), each opening its popup of tank levels.
 */
export default function StoreMap(props: StoreMapProps) {
  const { stores, placing, onLocate, tanksHref, openTanks } = props;
  const pins = useMemo(
    () =>
      stores.map((s) => ({
        id: s.id,
        lat: s.lat!,
        lng: s.lng!,
        label: s.code,
        name: `Store ${s.code} — ${s.name}`,
        colour: STATE_COLOURS[s.state],
      })),
    [stores],
  );
  return (
    <PinMap
      pins={pins}
      styleUrl={props.styleUrl}
      selected={props.selected}
      onSelect={props.onSelect}
      popup={(id) => {
        const s = stores.find((x) => x.id === id)!;
        return storePopup(s, tanksHref(id), () => openTanks(id));
      }}
      onFail={props.onFail}
      placing={placing?.id ?? null}
      moving={props.moving}
      onLocate={(id, at) => {
        const s = placing?.id === id ? placing : stores.find((x) => x.id === id);
        if (s) onLocate(s, at);
      }}
      testId="store-map"
    />
  );
}
