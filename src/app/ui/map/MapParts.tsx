import { Alert, Box, Button, Skeleton } from '@chakra-ui/react';
import { useMemo, useState, type Ref } from 'react';
import { LuMapPin } from 'react-icons/lu';
import { hasWebGL } from './style';

/**
 * What the store locator and the customer sites' map share around the map itself (ADR 059): the legend's dot,
 * why the map cannot be drawn, its loading state and the "Place on the map" button.
 */
export function ColourDot({ colour }: { colour: string }) {
  return <Box as="span" display="inline-block" w="3" h="3" rounded="full" bg={colour} mr="1" verticalAlign="middle" />;
}

/** Why the map cannot be drawn (no WebGL, or the map said it failed via `onFail`), or null. */
export function useNoMap(): [string | null, (reason: string) => void] {
  const webgl = useMemo(() => hasWebGL(), []);
  const [failed, setFailed] = useState<string | null>(null);
  return [webgl ? failed : 'This browser cannot draw the map: WebGL is turned off or not supported.', setFailed];
}

/** The warning in the map's place; `rest` says where the places are shown instead. */
export function NoMapAlert({ reason, rest }: { reason: string; rest: string }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The map cannot be shown</Alert.Title>
        <Alert.Description>
          {reason} {rest}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

const MAP_HEIGHT = { base: '60vh', md: '560px' };

/** The lazily loaded map's stand-in, as tall as the map. */
export const MapLoading = () => <Skeleton h={MAP_HEIGHT} rounded="md" aria-label="Loading the map" />;

/** The box a map is drawn into (`data-ready` once its style has loaded: what tests wait for). */
export function MapFrame({ ref, testId, ready }: { ref: Ref<HTMLDivElement>; testId?: string; ready: boolean }) {
  return (
    <Box
      ref={ref}
      h={MAP_HEIGHT}
      minH="320px"
      w="full"
      rounded="md"
      overflow="hidden"
      borderWidth="1px"
      data-testid={testId}
      data-ready={ready || undefined}
    />
  );
}

/** Starts placing `what`: the next click on the map is its location. */
export function PlaceButton({ what, active, onClick }: { what: string; active: boolean; onClick: () => void }) {
  return (
    <Button
      size="2xs"
      variant="outline"
      onClick={onClick}
      aria-pressed={active}
      aria-label={`Place ${what} on the map`}
    >
      <LuMapPin aria-hidden /> Place on the map
    </Button>
  );
}
